// The command line: quoting, chaining, and the syntax a read-only shell refuses.
import { describe, expect, it } from 'vitest';
import { MAX_COMMAND_LENGTH } from '../../src/vfs/index.js';
import { tokenize } from '../../src/vfs/shell/tokenize.js';
import { out, run } from './fixture.js';

describe('quoting', () => {
  it('keeps quoted spaces and removes quotes and escapes', () => {
    expect(out(`echo "a  b" 'c  d' e\\ f "x"'y'z`)).toBe('a  b c  d e f xyz\n');
  });

  it('keeps backslashes in single quotes and handles escapes in double quotes', () => {
    expect(out(`echo 'a\\nb' "q\\"uote" "back\\\\slash" "keep\\w"`)).toBe('a\\nb q"uote back\\slash keep\\w\n');
  });

  it('passes regex characters through quotes to grep', () => {
    expect(out(`grep -E 'Web(hook)?s$' /guides/webhooks.mdx`)).toBe('# Webhooks\n');
    expect(out(`grep "retry 3" /guides/webhooks.mdx`)).toBe('Webhooks retry 3 times.\n');
  });

  it('keeps an empty quoted word', () => {
    expect(out(`echo a '' b`)).toBe('a  b\n');
  });

  it('reports unterminated quotes', () => {
    expect(run(`echo 'abc`)).toMatchObject({ exitCode: 2, output: 'shell: unterminated single quote\n' });
    expect(run(`echo "abc`).output).toContain('unterminated double quote');
  });

  it('marks only unquoted glob characters as globs', () => {
    const [star, quoted, escaped, mixed] = tokenize(`*.mdx '*.mdx' \\*.mdx "/guides/"*`).map((t) => (t.kind === 'word' ? t.word : undefined));
    expect(star).toEqual({ text: '*.mdx', glob: '*.mdx' });
    expect(quoted).toEqual({ text: '*.mdx' });
    expect(escaped).toEqual({ text: '*.mdx' });
    expect(mixed).toEqual({ text: '/guides/*', glob: '/guides/*' });
  });
});

describe('pipes and chaining', () => {
  it('pipes output from one command into the next', () => {
    expect(out('cat /quickstart.mdx | grep -i webhook')).toBe('Configure a webhook.\n');
    expect(out('grep -rn webhook / | head -2 | wc -l')).toBe('2\n');
  });

  it('runs && chains and stops at the first failure', () => {
    expect(out('echo one && echo two')).toBe('one\ntwo\n');
    const failed = run('cat /nope.mdx && echo never');
    expect(failed.exitCode).toBe(1);
    expect(failed.output).toBe('cat: /nope.mdx: No such file or directory\n');
  });

  it('runs || only after a failure, and ; always', () => {
    expect(run('cat /nope.mdx || echo fallback')).toMatchObject({ exitCode: 0, output: 'cat: /nope.mdx: No such file or directory\nfallback\n' });
    expect(out('echo ok || echo never')).toBe('ok\n');
    expect(run('cat /nope.mdx ; echo after')).toMatchObject({ exitCode: 0, output: expect.stringContaining('after') });
  });

  it('treats newlines like ;', () => {
    expect(out('echo a\necho b\n')).toBe('a\nb\n');
  });

  it('reports the exit status of the last command of a pipeline', () => {
    expect(run('grep nothing-like-this /index.mdx | wc -l')).toMatchObject({ exitCode: 0, output: '0\n' });
    expect(run('cat /index.mdx | grep nothing-like-this').exitCode).toBe(1);
  });

  it('shows error messages of earlier pipeline commands without piping them on', () => {
    const result = run('cat /nope.mdx /index.mdx | wc -l');
    expect(result.output).toBe('cat: /nope.mdx: No such file or directory\n5\n');
  });

  it('reports a missing command around an operator', () => {
    for (const line of ['| ls', 'ls |', 'ls && && ls', '&& ls', 'ls ||']) {
      expect(run(line), line).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^shell: syntax error: missing command/) });
    }
  });
});

describe('refused syntax', () => {
  it.each([
    ['cat /index.mdx > /copy.mdx', "writing to a file ('> /copy.mdx') is not supported"],
    ['cat /index.mdx >> /copy.mdx', "writing to a file ('> /copy.mdx') is not supported"],
    ['cat <<EOF', "here-documents ('<<') are not supported; pipe the text in instead"],
    ['diff <(ls) <(ls /guides)', "process substitution ('<(...)') is not supported"],
    ['cat $(ls)', 'command substitution'],
    ['cat `ls`', 'command substitution'],
    ['echo "$(ls)"', 'command substitution'],
    [`echo \${HOME:-/}`, `parameter expansion ('\${HOME:-/}') is not supported; use a plain variable`],
    ['echo $?', "special parameters ('$?') are not supported"],
    ['ls &', "background jobs ('&')"],
    ['(ls)', 'subshells'],
  ])('refuses %s', (line, message) => {
    const result = run(line);
    expect(result.exitCode).toBe(2);
    expect(result.output).toMatch(/^shell: /);
    expect(result.output).toContain(message);
  });

  it('runs nothing of a line it refuses', () => {
    expect(run('echo first && cat /index.mdx > /x').output).not.toContain('first');
  });

  it('allows a literal dollar sign that starts no expansion', () => {
    expect(out(`echo 'costs $5' "total: $"`)).toBe('costs $5 total: $\n');
  });
});

describe('input limits', () => {
  it('refuses an over-long command line', () => {
    const result = run(`echo ${'a'.repeat(MAX_COMMAND_LENGTH)}`);
    expect(result.exitCode).toBe(2);
    expect(result.output).toContain(`longer than ${MAX_COMMAND_LENGTH} characters`);
  });

  it('refuses too many pipeline stages or commands', () => {
    expect(run(`echo x${' | cat'.repeat(10)}`).output).toContain('more than 10 commands in one pipeline');
    expect(run(Array.from({ length: 21 }, () => 'pwd').join(' ; ')).output).toContain('more than 20 commands in one call');
  });

  it('asks for a command when given none', () => {
    expect(run('   ')).toMatchObject({ exitCode: 2, output: expect.stringContaining("run 'help'") });
  });
});
