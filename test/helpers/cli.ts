// Runs the built `docsite` executable as a user would, capturing its output and exit code.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'docsite.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: options.cwd, env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
