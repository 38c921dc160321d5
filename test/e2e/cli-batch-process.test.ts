// `docsite build` and `validate` run in a child `node` started with the flags they need, which
// ends when `docsite` is stopped. (The e2e tests of both commands check their output and exit
// codes through that child.)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BATCH_NODE_FLAGS, batchProcessArgs } from '../../src/cli/batch-process.js';
import { BIN } from '../helpers/cli.js';
import { page, writeSite } from '../helpers/site.js';

const NODE = ['/usr/bin/node', '/usr/lib/docsite/bin/docsite.js'];

describe('batchProcessArgs', () => {
  it('starts build and validate again with the batch flags, keeping the node flags and arguments given', () => {
    expect(batchProcessArgs([...NODE, 'build', 'docs', '--jobs', '2'], ['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      ...BATCH_NODE_FLAGS,
      '/usr/lib/docsite/bin/docsite.js',
      'build',
      'docs',
      '--jobs',
      '2',
    ]);
    expect(batchProcessArgs([...NODE, 'validate'], [])).toEqual([...BATCH_NODE_FLAGS, '/usr/lib/docsite/bin/docsite.js', 'validate']);
  });

  it('runs other commands, --help, --version and a process that has the flags where they are', () => {
    for (const args of [['serve', 'docs'], ['dev'], ['--version'], ['--help'], ['help', 'build'], []])
      expect(batchProcessArgs([...NODE, ...args], []), args.join(' ')).toBeUndefined();
    expect(batchProcessArgs([...NODE, 'build'], [...BATCH_NODE_FLAGS])).toBeUndefined();
  });
});

describe('docsite build in its own process', () => {
  it('builds in a child node started with the batch flags, which stops when docsite is terminated', async () => {
    const paths = Array.from({ length: 600 }, (_, i) => `p/page-${i}`);
    const files: Record<string, string | object> = { 'docs.json': { name: 'Big', navigation: { groups: [{ group: 'All', pages: paths }] } } };
    for (const [i, path] of paths.entries())
      files[`${path}.mdx`] = page({ title: `Page ${i}` }, `## Part ${i}\n\nText of page ${i}, with <Note>a note</Note>.\n`);
    const site = writeSite(files);
    const docsite = spawn(process.execPath, [BIN, 'build', site, '--out', mkdtempSync(join(tmpdir(), 'docsite-batch-'))], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => docsite.once('exit', (_code, signal) => resolve(signal)));

    const child = await childOf(docsite.pid!);
    const args = await argsAfterExec(child, docsite.pid!);
    expect(args).toEqual(expect.arrayContaining([...BATCH_NODE_FLAGS, 'build', site]));

    docsite.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    await until(() => !isRunning(child));
    expect(isRunning(child)).toBe(false);
  });
});

/** The first child process of `pid`, once it has one (Linux: /proc). */
async function childOf(pid: number): Promise<number> {
  const children = `/proc/${pid}/task/${pid}/children`;
  let found: string | undefined;
  await until(() => (found = readFileSync(children, 'utf8').trim().split(' ')[0]) !== '');
  return Number(found);
}

/**
 * The arguments of `child` once it runs its own program. Until its exec completes, a forked
 * child shows its parent's command line, and for a moment in the exec an empty one.
 */
async function argsAfterExec(child: number, parent: number): Promise<string[]> {
  const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  const parentLine = cmdline(parent);
  let line = '';
  await until(() => (line = cmdline(child)) !== '' && line !== parentLine);
  return line.split('\0');
}

function isRunning(pid: number): boolean {
  try {
    // A child that ended but was not reaped yet is a zombie: it runs nothing.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}
