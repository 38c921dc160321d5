// cd: the one builtin that changes the shell itself; the commands after it see relative paths from there.
import type { Writer } from '../commands/command.js';
import type { VirtualFs } from '../virtual-fs.js';
import type { Word } from './word.js';

/**
 * Runs `cd DIR` (words, name first) on `fs`: the tree seen from DIR and status 0, or `fs` itself
 * and status 1 after reporting why not. No DIR, or `~`, goes to `/`, the home of this shell.
 * `..` above `/` stays at `/`, so no directory outside the docs can be reached.
 */
export function changeDirectory(fs: VirtualFs, words: readonly Word[], stderr: Writer): { fs: VirtualFs; exitCode: number } {
  const operands = words.slice(1).map((word) => word.text);
  if (operands.length > 1) {
    stderr.write('cd: too many arguments\n');
    return { fs, exitCode: 1 };
  }
  const target = operands[0] === undefined || operands[0] === '~' ? '/' : operands[0];
  const entry = fs.get(target);
  if (entry?.kind === 'directory') return { fs: fs.at(target), exitCode: 0 };
  stderr.write(`cd: ${target}: ${entry ? 'Not a directory' : 'No such file or directory'}\n`);
  return { fs, exitCode: 1 };
}
