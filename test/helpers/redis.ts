// Redis for the tests: this machine's shared server (keys under a unique prefix, removed afterwards), and private servers a test may stop and start.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createClient } from '@redis/client';

/** The shared Redis: never flushed, never stopped. */
export const TEST_REDIS_URL = process.env.DOCSITE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function plainClient(url: string) {
  return createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } }).on('error', () => undefined);
}

/** Runs `fn` with a connected client of `url`. */
export async function withRedis<T>(url: string, fn: (client: ReturnType<typeof plainClient>) => Promise<T>): Promise<T> {
  const client = plainClient(url);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    client.destroy();
  }
}

/** Why the shared Redis cannot be used, or undefined when it answers. */
export async function redisUnreachable(url = TEST_REDIS_URL): Promise<string | undefined> {
  try {
    await withRedis(url, (client) => client.ping());
    return undefined;
  } catch (error) {
    return `Redis at ${new URL(url).host} is unreachable (${(error as Error).message || (error as { code?: string }).code})`;
  }
}

/** A key prefix no other test run uses. */
export function uniquePrefix(): string {
  return `docsite-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix` (SCAN, never FLUSH*). */
export async function deleteKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  await withRedis(url, async (client) => {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) keys.push(...batch);
    if (keys.length > 0) await client.del(keys);
  });
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server of this test's own, on a free port, that it may stop and start again. */
export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function ownRedisServer(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    for (let i = 0; i < 100; i++) {
      if ((await redisUnreachable(url)) === undefined) return;
      if (started.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  await start();
  return {
    url,
    start,
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
}
