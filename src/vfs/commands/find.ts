// find: walks directories and prints paths that pass every test (-name, -type, -maxdepth…).
import { compileGlob } from '../glob/glob-pattern.js';
import type { Word } from '../shell/word.js';
import type { VfsEntry } from '../virtual-fs.js';
import { shownPath, walk } from '../walk.js';
import { CommandError, type Command, type CommandContext } from './command.js';
import { expandOperands } from './inputs.js';
import { countArg } from './lines.js';

/** The tests find accepts, all of which must hold (there is no -o, ! or parentheses). */
const PREDICATES = ['-name GLOB', '-iname GLOB', '-path GLOB', '-ipath GLOB', '-type f|d', '-maxdepth N', '-mindepth N'];

type Test = (entry: VfsEntry, shown: string) => boolean;

/** A parsed find command line. */
interface FindQuery {
  readonly starts: readonly Word[];
  readonly tests: readonly Test[];
  readonly minDepth: number;
  readonly maxDepth: number;
}

/** `find [PATH]... [-name GLOB] [-iname GLOB] [-type f|d] [-maxdepth N] [-path GLOB]` */
export const find: Command = {
  spec: {
    name: 'find',
    summary: 'Find files by name or path (default: the working directory): find / -name "*.mdx", find /guides -type d.',
    usage: 'find [PATH]... [TEST]...',
    flags: [],
    rawArguments: true,
    notes: [
      `Tests (all must hold): ${PREDICATES.join(', ')}. -print is accepted and changes nothing.`,
      '-name matches the last part of the path, -path the whole path as printed; in both, * also matches /.',
      'Quote globs: find / -name "*.mdx".',
    ],
  },
  run(ctx, args) {
    const query = parseQuery(ctx, args.operands);
    let ok = true;
    for (const shown of query.starts.length > 0 ? expandOperands(ctx, query.starts) : ['.']) {
      const start = ctx.fs.get(shown);
      if (!start) {
        ctx.stderr.write(`find: '${shown}': No such file or directory\n`);
        ok = false;
        continue;
      }
      for (const { entry, depth } of walk(start, ctx.budget, query.maxDepth)) {
        if (ctx.stdout.full) break;
        const path = shownPath(shown, start, entry);
        if (depth >= query.minDepth && query.tests.every((test) => test(entry, path))) ctx.stdout.write(`${path}\n`);
      }
    }
    return ok ? 0 : 1;
  },
};

function parseQuery(ctx: CommandContext, words: readonly Word[]): FindQuery {
  const firstTest = words.findIndex((w) => w.text.startsWith('-') || w.text === '!' || w.text === '(');
  const starts = firstTest === -1 ? words : words.slice(0, firstTest);
  const tests: Test[] = [];
  let minDepth = 0;
  let maxDepth = Infinity;
  const rest = firstTest === -1 ? [] : words.slice(firstTest).map((w) => w.text);
  for (let i = 0; i < rest.length; i++) {
    const predicate = rest[i]!;
    if (predicate === '-print' || predicate === '-a' || predicate === '-and') continue;
    if (!PREDICATES.some((p) => p.startsWith(`${predicate} `))) {
      const hint =
        predicate.startsWith('-') || predicate === '!' || predicate === '('
          ? `unknown or unsupported predicate '${predicate}'`
          : `paths must come before tests: '${predicate}'`;
      throw new CommandError(`${hint}\nSupported tests: ${PREDICATES.join(', ')}`);
    }
    const value = rest[++i];
    if (value === undefined) throw new CommandError(`missing argument to '${predicate}'`);
    if (predicate === '-maxdepth') maxDepth = countArg(value, 0, 'argument to -maxdepth');
    else if (predicate === '-mindepth') minDepth = countArg(value, 0, 'argument to -mindepth');
    else if (predicate === '-type') tests.push(typeTest(value));
    else tests.push(globTest(ctx, predicate, value));
  }
  return { starts, tests, minDepth, maxDepth };
}

function typeTest(value: string): Test {
  if (value !== 'f' && value !== 'd') throw new CommandError(`unknown argument to -type: '${value}' (supported: f, d)`);
  const kind = value === 'f' ? 'file' : 'directory';
  return (entry) => entry.kind === kind;
}

function globTest(ctx: CommandContext, predicate: string, glob: string): Test {
  const matches = compileGlob(glob, { crossSlash: true, ignoreCase: predicate.startsWith('-i') }, ctx.budget);
  return predicate.endsWith('name') ? (entry) => matches(entry.name) : (_, shown) => matches(shown);
}
