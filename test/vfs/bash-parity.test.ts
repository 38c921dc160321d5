// Parity with GNU bash: commands agents really run, against the tool and against /bin/bash (with
// GNU coreutils, grep, sed, awk, jq and ripgrep) on a laid-out copy of the same files.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, VirtualFs } from '../../src/vfs/index.js';

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Acme API', version: '2.0.0' },
  servers: [{ url: 'https://api.acme.dev/v2' }],
  tags: [{ name: 'users' }, { name: 'webhooks' }],
  paths: {
    '/users': { get: { summary: 'List users', tags: ['users'] }, post: { summary: 'Create a user', tags: ['users'] } },
    '/users/{id}': { get: { summary: 'Get a user', parameters: [{ name: 'id', in: 'path', required: true }] } },
    '/webhooks': { post: { summary: 'Register a webhook', tags: ['webhooks'] } },
  },
  components: { schemas: { User: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } } }, Error: { type: 'object' } } },
};

/** A small site with nested folders, a hidden folder and a hidden file, and an OpenAPI spec. */
const FILES: Record<string, string> = {
  'index.mdx': '---\ntitle: Home\ndescription: Acme docs\n---\n# Welcome\nStart with the [quickstart](https://acme.dev/quickstart).\n',
  'quickstart.mdx': '---\ntitle: Quickstart\n---\n# Quickstart\nInstall the CLI.\nConfigure a webhook.\nSend a test webhook event.\nDone.\n',
  'guides/webhooks.mdx': '---\ntitle: Webhooks\n---\n# Webhooks\nA webhook sends events.\n\n## Retries\nWebhooks retry 3 times.\nSee the webhook log.\n',
  'guides/auth.mdx': '---\ntitle: Auth\n---\n# Auth\nUse an API key.\nRotate the API key yearly.\n',
  'guides/.draft.mdx': '---\ntitle: Draft\n---\nUnfinished webhook notes.\n',
  'guides/advanced/rate-limits.mdx': '---\ntitle: Rate limits\n---\n# Rate limits\n100 requests per minute.\n',
  'api-reference/users/list.mdx': '---\ntitle: List users\nopenapi: GET /users\n---\n',
  'api-reference/openapi.json': `${JSON.stringify(OPENAPI, null, 2)}\n`,
  '.hidden/notes.mdx': '---\ntitle: Notes\n---\nInternal webhook notes.\n',
};

/** One fixed date for every file, so `ls -l` can be compared. */
const MTIME = new Date('2024-03-05T14:07:00Z');

/**
 * Real agent commands. Where GNU's order is the order the directory happens to be read in (find,
 * grep -r, rg), the command sorts its output itself, as an agent wanting stable output would.
 */
const COMMANDS = [
  'ls',
  'ls guides',
  'ls -a guides',
  'ls -R guides',
  'ls guides/*.mdx',
  'ls **/*.mdx',
  'ls **/*.mdx | wc -l',
  'echo guides/*',
  'cat index.mdx',
  'cat guides/*.mdx | wc -l',
  'head -n 5 guides/webhooks.mdx',
  'head -3 quickstart.mdx',
  'head -n 2 guides/*.mdx',
  'tail -n 3 guides/webhooks.mdx',
  'tail -n +5 guides/webhooks.mdx',
  'wc -l guides/webhooks.mdx',
  'wc -c index.mdx',
  'grep -rn webhook guides | sort',
  'grep -rn "Rate" . 2>/dev/null | sort',
  'grep -rl webhook . | sort',
  'grep -c webhook guides/webhooks.mdx',
  'grep -ri "api key" . | sort',
  "grep -rn webhook --include='*.mdx' . | sort",
  "grep -v '^$' guides/webhooks.mdx",
  "grep -E '^#+ ' quickstart.mdx",
  "grep -o 'https://[^ )]*' index.mdx",
  "grep -rh '^title:' . | sort | uniq -c",
  'cat guides/*.mdx | grep -c webhook',
  "find . -name '*.mdx' | sort",
  'find . -type d | sort',
  "find guides -name '*.mdx' | wc -l",
  "find . -name '*.json'",
  'find . -maxdepth 1 -type f | sort',
  'cd guides && ls',
  'cd guides && cat auth.mdx',
  'cd guides/advanced && pwd',
  'cd guides && cd .. && ls',
  'cd guides; grep -c webhook webhooks.mdx',
  'F=guides/auth.mdx; cat $F',
  'F=guides/auth.mdx; wc -l "$F"',
  'DIR=guides; ls $DIR',
  "P='*.mdx'; ls $P",
  "sed -n '1,3p' guides/webhooks.mdx",
  "sed -n '2p' quickstart.mdx",
  "sed -n '/## Retries/,$p' guides/webhooks.mdx",
  "sed 's/webhook/hook/g' quickstart.mdx",
  "sed '/^$/d' guides/webhooks.mdx",
  'sed 5q guides/webhooks.mdx',
  "awk '{print $1}' quickstart.mdx",
  "awk -F: 'NR==2 {print $2}' index.mdx",
  "awk 'NR>=2 && NR<=4' guides/webhooks.mdx",
  'awk \'/webhook/ {print NR": "$0}\' quickstart.mdx',
  "awk '{print NF}' quickstart.mdx",
  "awk 'END {print NR}' guides/webhooks.mdx",
  "awk '{print $1}' guides/webhooks.mdx | sort | uniq -c | sort -rn",
  "jq '.paths | keys' api-reference/openapi.json",
  "jq -r '.info.title' api-reference/openapi.json",
  'jq \'.paths["/users"].get.summary\' api-reference/openapi.json',
  "jq -r '.paths | keys[]' api-reference/openapi.json",
  "jq '.components.schemas | keys | length' api-reference/openapi.json",
  "jq -c '.tags[]' api-reference/openapi.json",
  "jq -r '.servers[0].url' api-reference/openapi.json",
  'jq \'.paths["/users/{id}"].get.parameters[0]\' api-reference/openapi.json',
  'cat nope.mdx 2>/dev/null || echo missing',
  'cat nope.mdx 2>&1 | head -1',
  'ls nope 2>/dev/null; echo done',
  'grep -rq webhook . > /dev/null && echo found',
  'rg -n webhook | sort',
  'rg -l webhook | sort',
  "rg -n -g '*.json' users",
  "cut -d' ' -f1 quickstart.mdx",
  'cat guides/webhooks.mdx | sort | uniq | wc -l',
  'ls -l guides',
  'ls -l guides/auth.mdx api-reference/openapi.json',
  'ls -la guides',
];

const root = mkdtempSync(join(tmpdir(), 'bash-parity-'));
for (const [path, content] of Object.entries(FILES)) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}
for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) utimesSync(join(root, entry), MTIME, MTIME);
utimesSync(root, MTIME, MTIME);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const docs = new VirtualFs(Object.entries(FILES).map(([path, content]) => ({ path: `/${path}`, content, modified: MTIME.getTime() })));

/**
 * `ls -l` lines with the mode and owner columns blanked, and without the `total` line: the tool's
 * files are read-only and owned by no one, and blocks used are the disk's business. Sizes, dates
 * and names are compared as they are.
 */
function longListing(output: string): string {
  return output
    .split('\n')
    .filter((line) => !/^total \d+$/.test(line))
    .map((line) => line.replace(/^([-d])[-rwx]{9} +(\d+) +\S+ +\S+ +/, '$1 $2 '))
    .join('\n');
}

/** What GNU bash prints for `command` run in the laid-out copy, errors included in order. */
function bash(command: string): { output: string; exitCode: number } {
  // globstar: agents write ** meaning any depth. C locale: ls and sort order bytes, as the tool does.
  const result = spawnSync('/bin/bash', ['-O', 'globstar', '-c', `exec 2>&1\n${command}`], {
    cwd: root,
    encoding: 'utf8',
    // No input, as the tool's first command has none: rg reads a piped stdin instead of the folder.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC', HOME: root },
  });
  // The copy lives in a temporary folder where the tool has /: the one difference allowed (pwd).
  return { output: result.stdout.replaceAll(root, ''), exitCode: result.status ?? -1 };
}

describe('the filesystem tool against GNU bash', () => {
  it('has at least 50 commands, and the tools to compare against', () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(50);
    for (const tool of ['jq', 'rg', 'gawk']) expect(spawnSync('/bin/bash', ['-c', `command -v ${tool}`]).status, `${tool} installed`).toBe(0);
  });

  it.each(COMMANDS)('%s', (command) => {
    const ours = runCommand(docs, command);
    const theirs = bash(command);
    const normalise = command.startsWith('ls -l') ? longListing : (output: string) => output;
    expect({ output: normalise(ours.output), exitCode: ours.exitCode }).toEqual({ output: normalise(theirs.output), exitCode: theirs.exitCode });
  });
});
