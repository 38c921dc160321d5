// Starts a server of the serving benchmarks (bench/mcp-server-child.ts) in a process of its own and talks
// to it over IPC, so the load generator and the server each get a core instead of sharing one event loop.
import { fork, type ChildProcess } from 'node:child_process';
import type { ChildMessage, ChildMode, Memory, ParentMessage } from './mcp-server-child.js';

export interface Child {
  port: number;
  ready: Extract<ChildMessage, { type: 'ready' }>;
  memory(): Promise<Memory>;
  /** Milliseconds each request took in the server since the last call (a child started `timed`). */
  timings(): Promise<number[]>;
  stop(): Promise<void>;
}

/**
 * Forks bench/mcp-server-child.ts (under tsx; the server itself runs dist/); BENCH_CPU_PROF=<dir> writes the server's CPU profile there.
 * `timed`: the server keeps each request's time inside it, for `timings()`.
 */
export async function startChild(mode: ChildMode, dir?: string, { timed = false } = {}): Promise<Child> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = fork(new URL('./mcp-server-child.ts', import.meta.url), [mode, ...(dir ? [dir] : []), ...(timed ? ['--timed'] : [])], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage): void => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      child.on('message', onMessage);
      void exited.then(() => reject(new Error(`the ${mode} server exited`)));
    });
  const send = (message: ParentMessage): void => void child.send(message);
  const ready = await next('ready');
  return {
    port: ready.port,
    ready,
    async memory() {
      const answer = next('memory');
      send({ type: 'memory' });
      return (await answer).memory;
    },
    async timings() {
      const answer = next('timings');
      send({ type: 'timings' });
      return (await answer).ms;
    },
    async stop() {
      send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
