// Runs a command as a whole process and reads what it cost: wall time, peak memory and CPU time,
// the last two from GNU time, which reports the largest of the process and the children it waited
// for (`docsite validate` runs its work in a child `node`, see bin/docsite.js).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';

/** What one run of a command cost, with its output. */
export interface TimedRun {
  /** Wall seconds from spawn to exit. */
  seconds: number;
  /** Peak resident memory of the process or of its largest child, in MB (2^20 bytes); undefined without GNU time. */
  peakRssMb: number | undefined;
  /** User plus system CPU seconds of the process and its children; undefined without GNU time. */
  cpuSeconds: number | undefined;
  /** The exit code; null when a signal (or the timeout) ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Whether GNU time is there to read peak memory and CPU time (macOS's /usr/bin/time has no -f). */
export const HAS_GNU_TIME = spawnSync(GNU_TIME, ['-f', '%M', '-o', '/dev/null', 'true']).status === 0;

/** Runs `command args` in `cwd` and measures it; never rejects on a non-zero exit, only when it cannot start. */
export async function timedProcess(command: string, args: readonly string[], options: { cwd?: string; timeoutMs: number }): Promise<TimedRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'docsite-bench-time-'));
  const usage = join(scratch, 'usage');
  const [file, ...rest] = HAS_GNU_TIME ? [GNU_TIME, '-f', '%M %U %S', '-o', usage, command, ...args] : [command, ...args];
  const started = performance.now();
  try {
    const { code, stdout, stderr } = await run(file!, rest, options);
    const seconds = (performance.now() - started) / 1000;
    const reading = HAS_GNU_TIME ? readUsage(usage) : undefined;
    return { seconds, peakRssMb: reading?.peakRssMb, cpuSeconds: reading?.cpuSeconds, code, stdout, stderr };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Process groups running now: a bench stopped with Ctrl-C ends them too (they do not get the terminal's signal). */
const RUNNING = new Set<number>();
let endsGroupsOnSignal = false;

/** From the first run on, Ctrl-C (or SIGTERM) ends the running groups, then this process as the signal would. */
function endGroupsOnSignal(): void {
  if (endsGroupsOnSignal) return;
  endsGroupsOnSignal = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const group of RUNNING) killGroup(group);
      process.kill(process.pid, signal);
    });
  }
}

function killGroup(group: number | undefined): void {
  if (group === undefined) return;
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs the command in a process group of its own, so that the timeout ends it with every child it
 * started (GNU time, ended alone, would leave the command running).
 */
function run(
  file: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  endGroupsOnSignal();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const group = child.pid;
    if (group !== undefined) RUNNING.add(group);
    const timer = setTimeout(() => killGroup(group), options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      if (group !== undefined) RUNNING.delete(group);
      reject(new Error(`${file} could not start: ${error.message}`));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (group !== undefined) RUNNING.delete(group);
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

/** GNU time's `%M %U %S` line (after "Command exited with non-zero status N" when it did). */
function readUsage(file: string): { peakRssMb: number; cpuSeconds: number } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^(\d+) ([\d.]+) ([\d.]+)\s*$/m.exec(text);
  if (!match) return undefined;
  return { peakRssMb: Number(match[1]) / 1024, cpuSeconds: Number(match[2]) + Number(match[3]) };
}
