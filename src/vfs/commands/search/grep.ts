// grep: GNU grep over the virtual tree, with a linear-time regex engine.
import { compilePatterns } from '../../regex/grep-patterns.js';
import { missingOperand, type Command } from '../command.js';
import { expandOperands } from '../inputs.js';
import { fileGlobFilter } from './file-globs.js';
import { runSearch } from './run-search.js';
import { patternsAndPaths, SHARED_SEARCH_FLAGS, sharedRequest } from './shared-flags.js';

/** `grep [OPTION]... PATTERN [FILE|DIR]...` */
export const grep: Command = {
  spec: {
    name: 'grep',
    summary: 'Print lines matching a pattern: grep -rn "webhook" /, grep -i -C 2 term /a.mdx.',
    usage: 'grep [OPTION]... PATTERN [FILE|DIR]...',
    flags: [
      { names: ['-r', '-R', '--recursive'], help: 'search directories recursively (default path: /)' },
      { names: ['-n', '--line-number'], help: 'prefix lines with their line number' },
      ...SHARED_SEARCH_FLAGS,
      { names: ['-E', '--extended-regexp'], help: 'PATTERN is an extended regular expression (| + ? () {} unescaped)' },
      { names: ['-G', '--basic-regexp'], help: 'PATTERN is a basic regular expression (the default)' },
      { names: ['-h', '--no-filename'], help: 'never print file names' },
      { names: ['-s', '--no-messages'], help: 'do not report missing files' },
      { names: ['--include'], value: 'GLOB', help: 'with -r, search only files whose name matches GLOB (repeatable)' },
      { names: ['--exclude'], value: 'GLOB', help: 'with -r, skip files whose name matches GLOB (repeatable)' },
    ],
    numberFlag: '-C',
    notes: [
      'Output: FILE:LINE:TEXT for matches, FILE-LINE-TEXT for context lines, -- between groups.',
      'Regular expressions run on a linear-time engine, so no pattern can hang: basic syntax by default',
      '(\\| \\( \\) \\{ \\} \\+ \\? are operators), -E for extended; \\w \\s \\d \\b \\< \\> and [[:alpha:]] work;',
      'back-references and lookaround are not supported. Patterns are at most 1000 characters.',
      'Exit status: 0 if a line was selected, 1 if none was, 2 on an error.',
    ],
  },
  run(ctx, args) {
    const { patterns, paths } = patternsAndPaths(args);
    if (!patterns) throw missingOperand('grep', 'pattern');
    const matcher = compilePatterns(patterns, {
      syntax: args.has('-F') ? 'fixed' : args.has('-E') ? 'extended' : 'basic',
      ignoreCase: args.has('-i'),
      wholeWord: args.has('-w'),
      wholeLine: args.has('-x'),
      budget: ctx.budget,
    });
    const globs = [...args.values('--include'), ...args.values('--exclude').map((glob) => `!${glob}`)];
    const scope = { name: 'grep', paths: expandOperands(ctx, paths), recursive: args.has('-r'), include: fileGlobFilter(ctx, globs), quiet: args.has('-s') };
    const withFilename = args.has('-h') ? false : args.has('-H') ? true : undefined;
    return runSearch(ctx, scope, { ...sharedRequest(args), matcher, lineNumbers: args.has('-n'), withFilename, zeroCounts: true });
  },
};
