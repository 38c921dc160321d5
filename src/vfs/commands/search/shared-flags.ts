// The flags grep and rg share, declared once: case, output modes, context, counts, patterns.
import type { FlagSpec } from '../flags.js';
import type { ParsedArgs } from '../command.js';
import { countArg } from '../lines.js';
import type { SearchRequest } from './run-search.js';

/** Flags with the same spelling and meaning in grep and rg. */
export const SHARED_SEARCH_FLAGS: readonly FlagSpec[] = [
  { names: ['-i', '--ignore-case'], help: 'ignore case' },
  { names: ['-v', '--invert-match'], help: 'select non-matching lines' },
  { names: ['-w', '--word-regexp'], help: 'match whole words only' },
  { names: ['-x', '--line-regexp'], help: 'match whole lines only' },
  { names: ['-F', '--fixed-strings'], help: 'PATTERN is a plain string, not a regular expression' },
  { names: ['-l', '--files-with-matches'], help: 'print only the names of files with a match' },
  { names: ['-c', '--count'], help: 'print only a count of selected lines per file' },
  { names: ['-o', '--only-matching'], help: 'print only the matched parts, one per line' },
  { names: ['-q', '--quiet'], help: 'print nothing; exit status 0 when something matched' },
  { names: ['-A', '--after-context'], value: 'N', help: 'print N lines after each match' },
  { names: ['-B', '--before-context'], value: 'N', help: 'print N lines before each match' },
  { names: ['-C', '--context'], value: 'N', help: 'print N lines before and after each match' },
  { names: ['-m', '--max-count'], value: 'N', help: 'stop after N selected lines per file' },
  { names: ['-e', '--regexp'], value: 'PATTERN', help: 'search for PATTERN (repeatable; needed for patterns starting with -)' },
  { names: ['-H', '--with-filename'], help: 'print the file name for each match' },
];

/** The part of a search request that the shared flags decide. */
export function sharedRequest(args: ParsedArgs): Omit<SearchRequest, 'matcher' | 'lineNumbers' | 'withFilename' | 'zeroCounts'> {
  const around = countArg(args.value('-C'), 0, 'context length');
  const output = args.has('-q') ? 'quiet' : args.has('-l') ? 'names' : args.has('-c') ? 'count' : args.has('-o') ? 'matches' : 'lines';
  return {
    invert: args.has('-v'),
    output,
    before: countArg(args.value('-B'), around, 'context length'),
    after: countArg(args.value('-A'), around, 'context length'),
    maxCount: countArg(args.value('-m'), Infinity, 'max count'),
  };
}

/** The patterns given with `-e`, or else the first operand; and the operands left as paths. */
export function patternsAndPaths(args: ParsedArgs): { patterns: string[] | undefined; paths: ParsedArgs['operands'] } {
  if (args.has('-e')) return { patterns: [...args.values('-e')], paths: args.operands };
  const [first, ...rest] = args.operands;
  return { patterns: first && [first.text], paths: rest };
}
