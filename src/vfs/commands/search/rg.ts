// rg: ripgrep's defaults over the same search: recursive, case-sensitive (smart case with -S), line numbers, -g globs.
import { compilePatterns } from '../../regex/grep-patterns.js';
import { missingOperand, type Command } from '../command.js';
import { expandOperands } from '../inputs.js';
import { fileGlobFilter } from './file-globs.js';
import { runSearch } from './run-search.js';
import { patternsAndPaths, SHARED_SEARCH_FLAGS, sharedRequest } from './shared-flags.js';

/** `rg [OPTION]... PATTERN [PATH]...` */
export const rg: Command = {
  spec: {
    name: 'rg',
    summary: 'ripgrep: recursive search with line numbers: rg webhook, rg -i -g "*.mdx" -C 2 term /guides.',
    usage: 'rg [OPTION]... PATTERN [PATH]...',
    flags: [
      ...SHARED_SEARCH_FLAGS,
      { names: ['-s', '--case-sensitive'], help: 'match case exactly (the default, as in ripgrep)' },
      { names: ['-S', '--smart-case'], help: 'ignore case unless PATTERN has an uppercase letter' },
      { names: ['-n', '--line-number'], help: 'print line numbers (the default)' },
      { names: ['-N', '--no-line-number'], help: 'do not print line numbers' },
      { names: ['-I', '--no-filename'], help: 'never print file names' },
      { names: ['-g', '--glob'], value: 'GLOB', help: 'search only files matching GLOB; !GLOB excludes (repeatable)' },
    ],
    notes: [
      'Searches the working directory when no path is given, passing over hidden files and folders. Output: PATH:LINE:TEXT. Regular expressions are extended syntax',
      'on a linear-time engine (\\w \\d \\s \\b work; back-references and lookaround do not).',
      'A GLOB without / matches file names; with /, the path below the searched directory.',
    ],
  },
  run(ctx, args) {
    const { patterns, paths } = patternsAndPaths(args);
    if (!patterns) throw missingOperand('rg', 'pattern');
    const smartCase = args.has('-S') && !args.has('-s') && !patterns.some(hasUppercase);
    const matcher = compilePatterns(patterns, {
      syntax: args.has('-F') ? 'fixed' : 'extended',
      ignoreCase: args.has('-i') || smartCase,
      wholeWord: args.has('-w'),
      wholeLine: args.has('-x'),
      budget: ctx.budget,
    });
    const scope = { name: 'rg', paths: expandOperands(ctx, paths), recursive: true, include: fileGlobFilter(ctx, args.values('-g')), skipHidden: true };
    const withFilename = args.has('-I') ? false : args.has('-H') ? true : undefined;
    return runSearch(ctx, scope, { ...sharedRequest(args), matcher, lineNumbers: !args.has('-N'), withFilename, zeroCounts: false });
  },
};

/** Whether a pattern has an uppercase letter outside escapes like `\W` (ripgrep's smart case). */
function hasUppercase(pattern: string): boolean {
  return /\p{Lu}/u.test(pattern.replace(/\\./gsu, ''));
}
