// How much work one call of the shell may do, and the error that ends a call which wants more.

/** The most one call may do; each is far above what a real command needs on a 10,000-page site. */
export interface ShellLimits {
  /** CPU time of the thread running the call, in milliseconds. */
  readonly cpuMs: number;
  /** CPU time the filesystem calls of one request (a JSON-RPC batch) share, in milliseconds. */
  readonly batchCpuMs: number;
  /** Text read: file contents and piped input, in characters (about bytes for docs). */
  readonly readChars: number;
  /** Text held at once: pipes between commands and the lines sort and uniq keep, in characters. */
  readonly heldChars: number;
  /** Paths and words the arguments of the call's commands stand for once globs are expanded. */
  readonly arguments: number;
  /** Files and folders visited walking directories (grep -r, find, tree, ls -R, `**`). */
  readonly entries: number;
  /** Regex work: NFA states visited building DFA states or locating matches. */
  readonly regexWork: number;
}

const MB = 1024 * 1024;

/**
 * The default limits. On the 10,000-page benchmark site (39 MB of pages, 11,000 files and
 * folders), a whole-site `grep -rn term /` reads 39 MB in about 0.2 s of CPU, visits 11,000
 * entries and pipes a few MB at most; `cat` of 50 pages reads well under 1 MB.
 */
export const SHELL_LIMITS: ShellLimits = {
  cpuMs: 1000,
  batchCpuMs: 2000,
  readChars: 128 * MB,
  heldChars: 32 * MB,
  arguments: 50_000,
  entries: 100_000,
  regexWork: 10_000_000,
};

/** Which limit a call ran into. */
export type LimitName = 'cpu' | 'read' | 'held' | 'arguments' | 'entries' | 'regex' | 'memory' | 'batch';

/** The part of every message about a limit, so callers (and agents) can recognize them. */
export const TOO_MUCH_WORK = 'too much work';

/**
 * A call that wanted more than a limit allows. It ends the whole call (not only the command that
 * ran into it); the message says which limit it was and what to do instead.
 */
export class TooMuchWorkError extends Error {
  override readonly name = 'TooMuchWorkError';
  constructor(
    readonly limit: LimitName,
    message: string,
  ) {
    super(message);
  }
}

/** The message for running into `limit`, whose value was `value`. */
export function tooMuchWorkMessage(limit: LimitName, value: number): string {
  return `${TOO_MUCH_WORK}: ${WHAT[limit](value)}. ${HINT[limit]}`;
}

const WHAT: Record<LimitName, (value: number) => string> = {
  cpu: (ms) => `this call used over ${seconds(ms)} of CPU time, the limit per call`,
  read: (chars) => `this call read over ${megabytes(chars)} of text, the limit per call`,
  held: (chars) => `this call held over ${megabytes(chars)} of text between commands, the limit per call`,
  arguments: (count) => `the arguments of this call expand to over ${count.toLocaleString('en-US')} paths, the limit per call`,
  entries: (count) => `this call visited over ${count.toLocaleString('en-US')} files and folders, the limit per call`,
  regex: () => 'regular expression too expensive for this input, the limit per call',
  memory: (mb) => `this call needed over ${mb} MB of memory, the limit per call`,
  batch: (ms) => `the filesystem calls of this request used over ${seconds(ms)} of CPU time together, the limit per request`,
};

const HINT: Record<LimitName, string> = {
  cpu: 'Narrow it: search one folder (grep -rn term /guides), list the files first (grep -rl term /), or count instead of printing (grep -rc term /).',
  read: 'Read each file once: grep -rn term / searches every page a single time; name a folder to search less.',
  held: 'Make the first command print less: grep -l or grep -c instead of every line, a folder instead of /, or a more specific pattern.',
  arguments: 'Name a folder and let grep -r or find walk it (grep -rn term /guides) instead of repeating globs.',
  entries: 'Walk each folder once: find /guides -name "*.mdx", or grep -r on one folder.',
  regex: 'Simplify the pattern (fewer repetitions and alternatives) or search fewer files.',
  memory: 'Make the first command print less (grep -l, grep -c, a folder instead of /).',
  batch: 'Send further calls in another request, or narrow them.',
};

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function megabytes(chars: number): string {
  return `${Math.round(chars / MB)} MB`;
}
