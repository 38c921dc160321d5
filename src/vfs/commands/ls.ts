// ls: lists directories (one name per line, as GNU ls does when piped), long format, recursion.
import type { VfsDirectory, VfsEntry } from '../virtual-fs.js';
import { shownPath, walk } from '../walk.js';
import type { Command, CommandContext, ParsedArgs } from './command.js';
import { expandOperands } from './inputs.js';

/** `ls [-l] [-a] [-R] [-1] [PATH]...` */
export const ls: Command = {
  spec: {
    name: 'ls',
    summary: 'List directory contents (default: the working directory): ls /guides, ls -R /, ls -l.',
    usage: 'ls [-l] [-a] [-R] [-1] [PATH]...',
    flags: [
      { names: ['-l'], help: 'long format: type and permissions, size in bytes, modification date (UTC), name' },
      { names: ['-a', '--all'], help: 'include . and .. and names starting with a dot' },
      { names: ['-R', '--recursive'], help: 'list subdirectories recursively' },
      { names: ['-1'], help: 'one name per line (always the case here)' },
    ],
  },
  run(ctx, args) {
    const files: string[] = [];
    const directories: { shown: string; entry: VfsDirectory }[] = [];
    let ok = true;
    const operands = args.operands.length > 0 ? expandOperands(ctx, args.operands) : ['.'];
    for (const shown of operands) {
      const entry = ctx.fs.get(shown);
      if (!entry) {
        ctx.stderr.write(`ls: cannot access '${shown}': No such file or directory\n`);
        ok = false;
      } else if (entry.kind === 'file') {
        files.push(shown);
      } else {
        directories.push({ shown, entry });
      }
    }
    // As in GNU ls: file operands first, then each directory under a "name:" header, blank lines between; each group in name order.
    files.sort(byText);
    directories.sort((a, b) => byText(a.shown, b.shown));
    let blocks = 0;
    const writeBlock = (text: string): void => ctx.stdout.write(blocks++ > 0 ? `\n${text}` : text);
    if (files.length > 0)
      writeBlock(
        listing(
          args,
          files.map((shown) => ({ name: shown, entry: ctx.fs.get(shown)! })),
        ),
      );
    const headers = operands.length > 1 || args.has('-R');
    for (const { shown, entry } of directories) {
      for (const directory of args.has('-R') ? subdirectories(ctx, entry, args.has('-a')) : [entry]) {
        if (ctx.stdout.full) break;
        ctx.budget.visit(directory.children.length);
        const header = headers ? `${shownPath(shown, entry, directory)}:\n` : '';
        writeBlock(header + listing(args, contentsOf(ctx, directory, args.has('-a'))));
      }
    }
    return ok ? 0 : 2;
  },
};

interface Listed {
  readonly name: string;
  readonly entry: VfsEntry;
}

/** `top` and the directories below it, in `ls -R` order; hidden ones (and what they hold) only with `all`. */
function subdirectories(ctx: CommandContext, top: VfsDirectory, all: boolean): VfsDirectory[] {
  const hidden = (d: VfsDirectory): boolean =>
    d.path
      .slice(top.path.length)
      .split('/')
      .some((part) => part.startsWith('.'));
  return [...walk(top, ctx.budget)].map((step) => step.entry).filter((e): e is VfsDirectory => e.kind === 'directory' && (all || !hidden(e)));
}

function contentsOf(ctx: CommandContext, directory: VfsDirectory, all: boolean): Listed[] {
  const children = directory.children.filter((child) => all || !child.name.startsWith('.')).map((entry) => ({ name: entry.name, entry }));
  // `..` of / is / itself, as on a real disk.
  return all ? [{ name: '.', entry: directory }, { name: '..', entry: ctx.fs.get(`${directory.path}/..`)! }, ...children] : children;
}

function listing(args: ParsedArgs, listed: readonly Listed[]): string {
  if (!args.has('-l')) return listed.map((l) => `${l.name}\n`).join('');
  const sizes = listed.map((l) => String(l.entry.kind === 'file' ? l.entry.size : 4096));
  const width = Math.max(0, ...sizes.map((s) => s.length));
  return listed.map((l, i) => `${longMode(l.entry)} root root ${sizes[i]!.padStart(width)} ${longDate(l.entry.modified)} ${l.name}\n`).join('');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** GNU ls shows the time of day for dates in the last six months (its average length), and the year otherwise. */
const SIX_MONTHS_MS = (365.2425 / 2) * 24 * 3600 * 1000;

/** A modification date as GNU `ls -l` writes it, in UTC: `Mar  5 14:07`, or `Mar  5  2024` when old or in the future. */
function longDate(modified: number): string {
  const date = new Date(modified);
  const now = Date.now();
  const day = `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2)}`;
  const recent = modified <= now && now - modified < SIX_MONTHS_MS;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${day} ${recent ? time : String(date.getUTCFullYear()).padStart(5)}`;
}

/** Type, read-only permissions and link count, as in `ls -l`. */
function longMode(entry: VfsEntry): string {
  if (entry.kind === 'file') return '-r--r--r-- 1';
  const subdirectories = entry.children.filter((c) => c.kind === 'directory').length;
  return `dr-xr-xr-x ${2 + subdirectories}`;
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
