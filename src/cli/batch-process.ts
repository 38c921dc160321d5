// How `docsite build` and `validate` are run: in a process started with the V8 flags below. No
// imports: bin/docsite.js reads it before it loads the CLI, and the build benchmark reads it too.

/**
 * Garbage collection on each thread's own time. These commands keep a parser thread busy on every
 * core, so V8's collector helper threads (four by default) only take turns with them on the same
 * cores, for more CPU in all: on two cores, a cold 10,000-page build took about 33 s instead of 38.
 */
export const BATCH_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];

/** The commands that keep every core busy with parser threads. */
const BATCH_COMMANDS = new Set(['build', 'validate']);

/**
 * The arguments of the `node` process to run `argv` (as process.argv) in, when its command is a
 * batch command and this process (started with `execArgv`) lacks BATCH_NODE_FLAGS; else undefined.
 * V8 fixes these flags when a process starts, so only a new process can have them.
 */
export function batchProcessArgs(argv: readonly string[], execArgv: readonly string[]): string[] | undefined {
  const command = argv[2];
  if (command === undefined || !BATCH_COMMANDS.has(command)) return undefined;
  if (BATCH_NODE_FLAGS.every((flag) => execArgv.includes(flag))) return undefined;
  return [...execArgv, ...BATCH_NODE_FLAGS.filter((flag) => !execArgv.includes(flag)), ...argv.slice(1)];
}
