// The peer of the real-sites benchmark: Mintlify's own link checker, `mint broken-links`. The npm
// package `mint` is Elastic-2.0 licensed, so it is never a dependency of docsite (not in
// package.json nor the lock file): it is installed on demand into bench/.peers/ (gitignored), a
// pinned version, and runs offline once there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { timedProcess, type TimedRun } from './timed-process.js';

/** The version measured against; a new one is a deliberate change (its output format may differ). */
export const MINT_VERSION = '4.2.941';
const PEERS = fileURLToPath(new URL('./.peers/', import.meta.url));
const MINT_BIN = `${PEERS}node_modules/.bin/mint`;
const MINT_PACKAGE = `${PEERS}node_modules/mint/package.json`;
/** A link check of a large site takes minutes on a loaded machine. */
const RUN_TIMEOUT_MS = 20 * 60_000;

/** The installed peer, or why there is none. */
export type MintPeer = { bin: string } | { missing: string };

/** Finds `mint` in bench/.peers, installing the pinned version there first when it is not. */
export function installMint(progress: (message: string) => void): MintPeer {
  if (installedVersion() === MINT_VERSION) return { bin: MINT_BIN };
  progress(`installing the peer mint@${MINT_VERSION} into ${PEERS} (not a dependency of docsite: Elastic-2.0)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['install', '--prefix', PEERS, '--no-audit', '--no-fund', '--loglevel=error', `mint@${MINT_VERSION}`], {
    encoding: 'utf8',
    timeout: 15 * 60_000,
  });
  if (installedVersion() === MINT_VERSION) return { bin: MINT_BIN };
  const why = (install.error?.message ?? install.stderr.trim().split('\n').at(-1)) || `npm exited with ${install.status}`;
  return { missing: `mint@${MINT_VERSION} could not be installed (${why})` };
}

function installedVersion(): string | undefined {
  if (!existsSync(MINT_PACKAGE) || !existsSync(MINT_BIN)) return undefined;
  return (JSON.parse(readFileSync(MINT_PACKAGE, 'utf8')) as { version?: string }).version;
}

/** One `mint broken-links` run on a docs folder: what it cost, and what it found (or why it gave no answer). */
export interface MintRun {
  run: TimedRun;
  result: MintBrokenLinks | { failed: string };
}

/**
 * Runs `mint broken-links` in `dir` (it checks the folder it runs in, and writes nothing there).
 * `anchors` adds `--check-anchors`, which docsite always does. Telemetry is off: the run needs no network.
 */
export async function runMintBrokenLinks(bin: string, dir: string, { anchors }: { anchors: boolean }): Promise<MintRun> {
  const args = ['broken-links', '--no-telemetry', ...(anchors ? ['--check-anchors'] : [])];
  const run = await timedProcess(bin, args, { cwd: dir, timeoutMs: RUN_TIMEOUT_MS });
  const output = `${run.stdout}\n${run.stderr}`;
  const parsed = parseMintBrokenLinks(output);
  if (parsed && (run.code === 0 || run.code === 1)) return { run, result: parsed };
  return { run, result: { failed: `mint exited with ${run.code ?? 'a signal (timeout?)'}${reasonIn(output)}` } };
}

/** What `mint broken-links` reported: each broken link as the page that holds it and the link as written. */
export interface MintBrokenLinks {
  links: { file: string; url: string }[];
}

/**
 * Reads the output of `mint broken-links`:
 *
 *     found 118 broken links in 65 files
 *
 *     ai/model-context-protocol.mdx
 *      ⎿  /deploy/authentication-setup#restrict-pages-to-specific-user-groups
 *
 * or `success no broken links found`, among the lines of its spinner. It draws with ink, which
 * wraps lines at 80 columns when the output is not a terminal: a line right after a link (or a
 * page's name) with no blank line between continues it. Returns undefined for any other output,
 * and when the links listed do not add up to the count it announced.
 */
export function parseMintBrokenLinks(output: string): MintBrokenLinks | undefined {
  const lines = stripAnsi(output).split(/\r?\n/);
  if (lines.some((line) => /\bno broken links found\b/.test(line))) return { links: [] };
  const headerAt = lines.findIndex((line) => /\bfound \d+ broken links? in \d+ files?\b/.test(line));
  if (headerAt === -1) return undefined;
  const announced = Number(/found (\d+) broken/.exec(lines[headerAt]!)![1]);
  const links: { file: string; url: string }[] = [];
  let file: string | undefined;
  // What the line before was: a page's name, a link, or a blank line (which ends a page's block).
  let previous: 'file' | 'link' | 'blank' = 'blank';
  for (const line of lines.slice(headerAt + 1)) {
    const link = /^\s*⎿\s+(.*\S)\s*$/.exec(line);
    if (line.trim() === '') previous = 'blank';
    else if (link) {
      if (file === undefined) return undefined;
      links.push({ file, url: link[1]! });
      previous = 'link';
    } else if (previous === 'link') links.at(-1)!.url += line.trim();
    else if (previous === 'file') file += line.trim();
    else {
      file = line.trim();
      previous = 'file';
    }
  }
  return links.length === announced ? { links } : undefined;
}

/** ": <its first error line>" (mint prints `erro Syntax error - Unable to parse x.mdx - 15:1-15:13:` and stops), else its last line. */
function reasonIn(output: string): string {
  const lines = stripAnsi(output)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/checking for broken links/.test(line));
  const reason = lines.find((line) => /^(erro|error)\b/i.test(line)) ?? lines.at(-1);
  return reason ? `: ${reason.length > 160 ? `${reason.slice(0, 159)}…` : reason}` : '';
}

function stripAnsi(text: string): string {
  // Colours, and the cursor moves and line erasures of its spinner.
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
}
