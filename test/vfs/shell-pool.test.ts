// The shell pool: commands run on worker threads, each view on its own tree; calls wait in a bounded
// queue; a worker that overruns, runs out of memory or crashes is replaced.
import { afterEach, describe, expect, it } from 'vitest';
import { SHELL_LIMITS, ShellPool, type ShellCall, type ShellPoolOptions } from '../../src/vfs/index.js';

const FILES = [
  { path: '/a.mdx', content: 'alpha\n' },
  { path: '/b.mdx', content: 'beta\n' },
  { path: '/secret/c.mdx', content: 'gamma\n' },
];
/** A worker that misbehaves on request (see the file). */
const ROGUE = new URL('../fixtures/shell-workers/rogue-worker.mjs', import.meta.url);

const call = (command: string, view = 'all', files = [0, 1, 2]): ShellCall => ({ view, files: () => Uint32Array.from(files), command });

const pools: ShellPool[] = [];
function pool(options: ShellPoolOptions = {}, files = FILES): ShellPool {
  const created = new ShellPool(files, options);
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('running commands', () => {
  it('runs each view against the files it was given, and nothing else', async () => {
    const shells = pool();
    const everyone = await shells.run(call('find / -type f', 'public', [0, 1]));
    const staff = await shells.run(call('find / -type f', 'staff', [0, 1, 2]));
    expect(everyone).toEqual({ stdout: '/a.mdx\n/b.mdx\n', stderr: '', exitCode: 0, cpuMs: expect.any(Number) });
    expect(staff.stdout).toBe('/a.mdx\n/b.mdx\n/secret/c.mdx\n');
    expect((await shells.run(call('cat /secret/c.mdx', 'public', [0, 1]))).stdout).toBe('cat: /secret/c.mdx: No such file or directory\n');
  });

  it('keeps the calling thread free while a call works', async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `line ${(i * 7919) % 100_000}`).join('\n');
    const shells = pool({}, [{ path: '/big.txt', content: `${lines}\n` }]);
    const working = shells.run(call('sort /big.txt | sort -r | wc -l', 'all', [0]));
    let done = false;
    void working.finally(() => (done = true));
    let turns = 0;
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      turns++;
    }
    expect((await working).stdout).toBe('100000\n');
    // The event loop went round again and again while the worker sorted.
    expect(turns).toBeGreaterThan(10);
  });

  it('ends a call at its limits with a "too much work" answer', async () => {
    const answer = await pool({ limits: { ...SHELL_LIMITS, entries: 5 } }).run(call('find / / /'));
    expect(answer.limit).toBe('entries');
    expect(answer.exitCode).toBe(1);
    expect(answer.stdout).toContain('shell: too much work: this call visited over 5 files and folders');
  });

  it('passes a batch budget on: the call stops when what is left of it runs out', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${(i * 7919) % 200_000}`).join('\n');
    const answer = await pool({}, [{ path: '/big.txt', content: `${lines}\n` }]).run({
      ...call('sort /big.txt | sort -r | sort | sort -r', 'all', [0]),
      sharedCpuMs: 1,
    });
    expect(answer.limit).toBe('batch');
  });
});

describe('workers that cannot stop themselves', () => {
  it('terminates a worker that overruns its call and replaces it', async () => {
    const shells = pool({ workerUrl: ROGUE, size: 1, limits: { ...SHELL_LIMITS, cpuMs: 10 } });
    expect((await shells.run(call('first'))).stdout).toBe('first (3 files)\n');
    const answer = await shells.run(call('spin'));
    expect(answer).toMatchObject({ limit: 'cpu', exitCode: 1, stdout: '' });
    expect(answer.stderr).toMatch(/^shell: too much work: this call used over 0\.0 s of CPU time/);
    expect(shells.stats()).toMatchObject({ workers: 0, replaced: 1 });
    // The new worker is sent the view's files again.
    expect((await shells.run(call('after'))).stdout).toBe('after (3 files)\n');
  });

  it('replaces a worker that runs out of memory', async () => {
    const shells = pool({ workerUrl: ROGUE, size: 1, heapMb: 32 });
    const answer = await shells.run(call('oom'));
    expect(answer.limit).toBe('memory');
    expect(answer.stderr).toMatch(/^shell: too much work: this call needed over \d+ MB of memory/);
    expect((await shells.run(call('after'))).stdout).toBe('after (3 files)\n');
  });

  it('fails the call of a worker that crashes, and replaces it', async () => {
    const shells = pool({ workerUrl: ROGUE, size: 1 });
    await expect(shells.run(call('crash'))).rejects.toThrow('rogue worker crashed');
    expect((await shells.run(call('after'))).stdout).toBe('after (3 files)\n');
    expect(shells.stats().replaced).toBe(1);
  });
});

describe('waiting calls', () => {
  it('refuses a call at once when too many wait', async () => {
    const shells = pool({ workerUrl: ROGUE, size: 1, maxWaiting: 1 });
    const running = shells.run(call('hang'));
    const waiting = shells.run(call('waits'));
    const refused = await shells.run(call('refused'));
    expect(refused).toMatchObject({ refused: true, exitCode: 1, stdout: '' });
    expect(refused.stderr).toBe('shell: the server is busy: 1 filesystem calls are waiting already; try again in a few seconds.\n');
    expect(shells.stats()).toMatchObject({ workers: 1, running: 1, waiting: 1 });
    await shells.close();
    expect(await running).toMatchObject({ refused: true, stderr: 'shell: the server is shutting down; try again shortly.\n' });
    expect(await waiting).toMatchObject({ refused: true });
  });

  it('refuses a call that waited too long for its turn', async () => {
    const shells = pool({ workerUrl: ROGUE, size: 1, maxWaitMs: 20 });
    void shells.run(call('hang'));
    const refused = await shells.run(call('waits'));
    expect(refused).toMatchObject({ refused: true, stderr: 'shell: the server is busy: this call waited 0.02 s for its turn; try again in a few seconds.\n' });
    expect(shells.stats().waiting).toBe(0);
  });

  it('starts workers as calls need them, up to its size, and gives them waiting calls in turn', async () => {
    const shells = pool({ workerUrl: ROGUE, size: 2 });
    expect(shells.stats().workers).toBe(0);
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((command) => shells.run(call(command))));
    expect(answers.map((answer) => answer.stdout)).toEqual(['a', 'b', 'c', 'd', 'e'].map((command) => `${command} (3 files)\n`));
    expect(shells.stats()).toEqual({ workers: 2, running: 0, waiting: 0, replaced: 0 });
  });
});
