// `docsite serve` of the compiled package in a child process, as an operator runs it, for the benchmarks
// that load a server over HTTP (soak, filesystem): started on a free port with the quotas raised, and
// read for its memory after a full GC (bench/gc-on-signal.mjs, preloaded).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchRuntimeConfig } from './bench-quotas.js';

/** The `docsite` executable (it runs dist/, which `npm run bench` builds first). */
export const BIN = fileURLToPath(new URL('../bin/docsite.js', import.meta.url));

/** A running `docsite serve` child process. */
export interface Server {
  port: number;
  /** Resident memory now, as the OS reports it. */
  rssMb(): number;
  /** Resident memory and V8 heap in use right after a full GC. */
  memory(): Promise<{ rssMb: number; heapUsedMb: number }>;
  stop(): Promise<void>;
}

/** `docsite serve` of the compiled package on a free port, quotas raised (bench-quotas.ts); resolves once it prints where it listens. */
export async function startServer(bundleDir: string, dataDir: string): Promise<Server> {
  const preload = ['--expose-gc', '--import', fileURLToPath(new URL('./gc-on-signal.mjs', import.meta.url))];
  const config = writeBenchRuntimeConfig(join(dataDir, 'bench.config.json'));
  const args = [...preload, BIN, 'serve', bundleDir, '--port', '0', '--data-dir', dataDir, '--log-level', 'warn', '--config', config];
  // A session of its own, as a server started by an init system has: where the kernel groups CPU
  // time by session (Linux autogroup), the server's threads do not share one group with the load
  // generator's. The benchmark stops it; if the benchmark dies first, the exit handler below does.
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve)).finally(() => process.off('exit', killOnExit));
  const memoryReadings: ((memory: { rssMb: number; heapUsedMb: number }) => void)[] = [];
  let partial = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const reading = line.startsWith('{"soakMemory"') ? (JSON.parse(line) as { soakMemory: { rssMb: number; heapUsedMb: number } }).soakMemory : undefined;
      if (reading) memoryReadings.shift()?.(reading);
      else process.stderr.write(`${line}\n`);
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const match = /serving .* at http:\/\/[^:]+:(\d+)/.exec(printed);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`docsite serve exited with ${code}: ${printed}`)));
  });
  return {
    port,
    rssMb: () => rssMbOf(child.pid!),
    async memory() {
      // Freed pages go back to the OS over a moment after a GC: the second of two readings 2 s apart counts.
      let reading: { rssMb: number; heapUsedMb: number } | undefined;
      for (let i = 0; i < 2; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
        const next = new Promise<{ rssMb: number; heapUsedMb: number }>((resolve) => memoryReadings.push(resolve));
        child.kill('SIGUSR2');
        reading = await next;
      }
      return reading!;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Resident memory of process `pid` in MB: from /proc where there is one (a file read, so sampling
 * it often does not hold this process's event loop, which times requests), else from `ps`.
 */
function rssMbOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    if (kb !== undefined) return Number(kb) / 1024;
  } catch {
    // No /proc: ask ps.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}
