// Filters the files a recursive search walks by globs: rg's -g, grep's --include and --exclude.
import { compileGlob } from '../../glob/glob-pattern.js';
import type { CommandContext } from '../command.js';

/**
 * A filter from globs: a file must match one of the plain globs (if any) and none of those
 * starting with `!`. A glob without `/` matches the file name; with `/`, its path below the
 * searched directory.
 */
export function fileGlobFilter(ctx: CommandContext, globs: readonly string[]): (file: { name: string }, relative: string) => boolean {
  const compiled = globs.map((glob) => {
    const negated = glob.startsWith('!');
    const pattern = (negated ? glob.slice(1) : glob).replace(/^\//, '');
    const matches = compileGlob(pattern, { crossSlash: false, ignoreCase: false }, ctx.budget);
    return { negated, onPath: pattern.includes('/'), matches };
  });
  const wanted = compiled.filter((g) => !g.negated);
  return (file, relative) => {
    const test = (g: (typeof compiled)[number]): boolean => g.matches(g.onPath ? relative : file.name);
    return (wanted.length === 0 || wanted.some(test)) && !compiled.some((g) => g.negated && test(g));
  };
}
