// The files a grep-like command searches: operands, directories walked, or the piped input.
import type { VfsFile } from '../../virtual-fs.js';
import { isHidden, relativePath, shownPath, walk } from '../../walk.js';
import { CommandError, type CommandContext } from '../command.js';
import { entryOrReport, STDIN_LABEL, type Input } from '../inputs.js';

/** Which files to search and how the command reports problems. */
export interface SearchScope {
  /** Command name, for messages. */
  readonly name: string;
  /** Paths as the user wrote them, globs expanded; empty for "the piped input, else /". */
  readonly paths: readonly string[];
  readonly recursive: boolean;
  /** Keeps a file found by walking a directory, given its path below that directory (files named directly are always kept). */
  readonly include: (file: VfsFile, relative: string) => boolean;
  /** Do not report missing files (`grep -s`). */
  readonly quiet?: boolean;
  /** Pass over hidden files and folders when walking a directory, as ripgrep does. */
  readonly skipHidden?: boolean;
}

/** The texts to search; `ok` is false when a path was missing or a directory could not be searched. */
export function searchInputs(ctx: CommandContext, scope: SearchScope): { inputs: Input[]; ok: boolean } {
  if (scope.paths.length === 0 && ctx.stdin !== undefined) return { inputs: [{ label: STDIN_LABEL, text: ctx.stdin }], ok: true };
  if (scope.paths.length === 0 && !scope.recursive) {
    throw new CommandError(`no input: give a file or directory (with -r), or pipe text in (e.g. cat /index.mdx | ${scope.name} PATTERN)`);
  }
  const report = scope.quiet ? { ...ctx, stderr: { write: () => undefined, full: false } } : ctx;
  const inputs: Input[] = [];
  let ok = true;
  // With no path, the working directory is searched and paths are shown relative to it (`guides/a.mdx`), as GNU grep and ripgrep do.
  for (const shown of scope.paths.length > 0 ? scope.paths : ['']) {
    const start = shown === '' ? ctx.fs.get('.') : entryOrReport(report, scope.name, shown);
    if (start?.kind === 'file') {
      inputs.push({ label: shown, text: start.content });
    } else if (start && !scope.recursive) {
      report.stderr.write(`${scope.name}: ${shown}: Is a directory\n`);
    } else if (start) {
      for (const { entry } of walk(start, ctx.budget, Infinity, scope.skipHidden ? isHidden : undefined)) {
        if (entry.kind !== 'file' || !scope.include(entry, relativePath(start, entry))) continue;
        inputs.push({ label: shown === '' ? relativePath(start, entry) : shownPath(shown, start, entry), text: entry.content });
      }
    }
    ok &&= start !== undefined && (start.kind === 'file' || scope.recursive);
  }
  return { inputs, ok };
}
