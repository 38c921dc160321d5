// Runs `docsite serve` as a child process, as an operator would, and waits until it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.js';

export const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'acme');

export interface ServeProcess {
  url: string;
  /** The MCP server URL it printed; empty when it printed none (the MCP switch is off). */
  mcpUrl: string;
  pid: number;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL (no shutdown, no flushing: a crash) and waits until the process is gone. */
  kill(): Promise<void>;
}

/** A copy of the example site in a temporary folder, so builds never write into the repository. */
export function copyExample(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-serve-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

/** Starts `docsite serve <dir> --port 0 …extra` (with `env` added to this process's) and resolves once it prints where it listens. */
export async function startServe(dir: string, extra: string[] = [], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', dir, '--port', '0', ...extra], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<{ url: string; mcpUrl: string }>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      printed += chunk.toString('utf8');
      const match = /serving .* at (\S+)\n(?:\s+MCP server: (\S+)|\s+MCP servers: off.*)\n\s+Project id: /.exec(printed);
      if (match) resolve({ url: match[1]!, mcpUrl: match[2] ?? '' });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`docsite serve exited with ${code} before listening:\n${printed}`)));
  });
  const { url, mcpUrl } = await ready;
  return {
    url,
    mcpUrl,
    pid: child.pid!,
    exited,
    output: () => printed,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
