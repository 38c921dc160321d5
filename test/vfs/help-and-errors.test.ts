// Discoverability: help, --help on every command, and errors that list what is supported.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/vfs/index.js';
import { out, run } from './fixture.js';

const EXPECTED_COMMANDS = [
  'ls',
  'cat',
  'head',
  'tail',
  'grep',
  'rg',
  'find',
  'tree',
  'wc',
  'stat',
  'sort',
  'uniq',
  'cut',
  'sed',
  'awk',
  'jq',
  'echo',
  'pwd',
  'help',
];

describe('help', () => {
  it('has the commands agents expect', () => {
    expect(COMMAND_NAMES).toEqual(EXPECTED_COMMANDS);
  });

  it('lists every command with a summary, and how to combine them', () => {
    const help = out('help');
    for (const name of EXPECTED_COMMANDS) expect(help).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    expect(help).toContain('/<url-path>.mdx');
    expect(help).toContain('30 KB');
  });

  it('shows one command with help COMMAND, the same as COMMAND --help', () => {
    expect(out('help head')).toBe(out('head --help'));
    expect(run('help nope')).toMatchObject({ exitCode: 2, output: expect.stringContaining("no such command: 'nope'") });
  });

  it.each(EXPECTED_COMMANDS)('%s --help prints its usage and exits 0', (name) => {
    const help = out(`${name} --help`);
    expect(help).toMatch(new RegExp(`^Usage: ${name}\\b`));
  });

  it('documents the flags of each command', () => {
    const grepHelp = out('grep --help');
    for (const flag of [
      '-r, -R, --recursive',
      '-n',
      '-i',
      '-l',
      '-c',
      '-v',
      '-w',
      '-E',
      '-F',
      '-o',
      '-A, --after-context N',
      '-B',
      '-C',
      '-m',
      '-h',
      '-H',
      '-e, --regexp PATTERN',
    ]) {
      expect(grepHelp).toContain(`  ${flag}`);
    }
    expect(grepHelp).toContain('linear-time');
    expect(out('find --help')).toContain('-maxdepth N');
  });
});

describe('errors', () => {
  it('names an unknown command and lists the supported ones', () => {
    const result = run('perl -ne print /index.mdx');
    expect(result.exitCode).toBe(127);
    expect(result.output).toBe(`perl: command not found\nSupported commands: ${EXPECTED_COMMANDS.join(', ')}\n`);
  });

  it('names an unknown flag and lists the supported ones', () => {
    const result = run('head -z /index.mdx');
    expect(result.exitCode).toBe(2);
    expect(result.output).toBe("head: unknown option '-z'\nSupported options: -n/--lines N, -c/--bytes N, --help\nTry 'head --help'.\n");
    expect(run('grep -P x /').output).toContain('Supported options: -r/-R/--recursive, -n/--line-number');
    expect(run('ls --color /').output).toContain("ls: unknown option '--color'");
  });

  it('asks for missing flag values', () => {
    expect(run('head -n')).toMatchObject({ exitCode: 2, output: "head: option '-n' needs a value (N)\n" });
  });

  it('accepts flags after operands and glued values, like GNU tools', () => {
    expect(out('grep webhook /quickstart.mdx -n')).toBe('3:Configure a webhook.\n');
    expect(out('head -n1 /index.mdx')).toBe('---\n');
    expect(out('grep --max-count=1 -i webhook /guides/webhooks.mdx')).toBe('# Webhooks\n');
  });
});
