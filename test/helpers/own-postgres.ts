// A PostgreSQL server of the test's own (its own cluster in a temp folder, on a free port), so a
// test may stop and start it without touching the server others use.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_BIN = process.env.DOCSITE_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** Stops the server (fast shutdown: open connections are cut). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Why no own server can be started here, or undefined when it can. */
export function ownPostgresUnavailable(): string | undefined {
  if (!existsSync(join(PG_BIN, 'initdb'))) return `no PostgreSQL binaries in ${PG_BIN} (set DOCSITE_TEST_PG_BIN)`;
  if (userInfo().uid !== 0 && userInfo().username !== 'postgres')
    return 'starting an own PostgreSQL cluster needs root (to run it as user postgres) or user postgres';
  return undefined;
}

/** Runs a PostgreSQL binary as user postgres. */
function asPostgres(binary: string, args: string[]): Promise<unknown> {
  const command = join(PG_BIN, binary);
  return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

/** Creates a cluster in a new temp folder and starts it on a free loopback port. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'docsite-pg-'));
  if (userInfo().uid === 0) chownSync(root, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  const data = join(root, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = async (): Promise<void> => {
    await asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(root, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  };
  const stop = async (): Promise<void> => {
    await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async dispose() {
      if (running) await stop().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
