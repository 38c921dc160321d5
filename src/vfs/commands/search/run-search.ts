// Runs a grep-like search over its inputs and turns the outcome into grep's exit status.
import type { CommandContext } from '../command.js';
import { searchInputs, type SearchScope } from './search-inputs.js';
import { searchText, type SearchOptions } from './search-text.js';

/** Search options, where `withFilename` undefined means "when searching several files or a tree". */
export type SearchRequest = Omit<SearchOptions, 'withFilename'> & { readonly withFilename: boolean | undefined };

/** Searches and prints; returns 0 when a line was selected, 1 when none was, 2 on error (as grep does). */
export function runSearch(ctx: CommandContext, scope: SearchScope, request: SearchRequest): number {
  const { inputs, ok } = searchInputs(ctx, scope);
  const [first] = scope.paths;
  const several = scope.paths.length > 1 || (scope.recursive && (first === undefined ? ctx.stdin === undefined : ctx.fs.get(first)?.kind === 'directory'));
  const options: SearchOptions = { ...request, withFilename: request.withFilename ?? several };
  const progress = { groupsPrinted: false };
  let selected = 0;
  for (const input of inputs) {
    if (ctx.stdout.full || (options.output === 'quiet' && selected > 0)) break;
    ctx.budget.read(input.text.length);
    selected += searchText(input, options, ctx.stdout, progress);
  }
  // With -q, a selected line wins over errors, as in GNU grep.
  if (options.output === 'quiet' && selected > 0) return 0;
  return !ok ? 2 : selected > 0 ? 0 : 1;
}
