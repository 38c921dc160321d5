// tree: draws directories as an indented tree, with a count of directories and files.
import type { VfsDirectory } from '../virtual-fs.js';
import { CommandError, type Command, type CommandContext } from './command.js';
import { entryOrReport, expandOperands } from './inputs.js';
import { countArg } from './lines.js';

interface TreeOptions {
  readonly maxDepth: number;
  readonly directoriesOnly: boolean;
}

/** `tree [-L N] [-d] [DIR]...` */
export const tree: Command = {
  spec: {
    name: 'tree',
    summary: 'Draw the directory tree (default: the working directory): tree -L 2 /, tree -d.',
    usage: 'tree [-L N] [-d] [DIR]...',
    flags: [
      { names: ['-L'], value: 'N', help: 'descend at most N levels' },
      { names: ['-d'], help: 'list directories only' },
    ],
  },
  run(ctx, args) {
    const options = { maxDepth: countArg(args.value('-L'), Infinity, 'level'), directoriesOnly: args.has('-d') };
    if (options.maxDepth === 0) throw new CommandError('invalid level, must be greater than 0');
    const totals = { directories: 0, files: 0 };
    let ok = true;
    for (const shown of args.operands.length > 0 ? expandOperands(ctx, args.operands) : ['.']) {
      const entry = entryOrReport(ctx, 'tree', shown);
      if (entry?.kind !== 'directory') {
        if (entry) ctx.stderr.write(`tree: ${shown}: Not a directory\n`);
        ok = false;
        continue;
      }
      ctx.stdout.write(`${shown}\n`);
      drawChildren(ctx, entry, '', 1, options, totals);
    }
    const directories = `${totals.directories} director${totals.directories === 1 ? 'y' : 'ies'}`;
    const files = options.directoriesOnly ? '' : `, ${totals.files} file${totals.files === 1 ? '' : 's'}`;
    ctx.stdout.write(`\n${directories}${files}\n`);
    return ok ? 0 : 2;
  },
};

function drawChildren(
  ctx: CommandContext,
  directory: VfsDirectory,
  indent: string,
  depth: number,
  options: TreeOptions,
  totals: { directories: number; files: number },
): void {
  ctx.budget.visit(directory.children.length);
  const shown = directory.children.filter((c) => !c.name.startsWith('.') && (!options.directoriesOnly || c.kind === 'directory'));
  shown.forEach((child, i) => {
    if (ctx.stdout.full) return;
    const last = i === shown.length - 1;
    ctx.stdout.write(`${indent}${last ? '└── ' : '├── '}${child.name}\n`);
    if (child.kind === 'file') {
      totals.files++;
      return;
    }
    totals.directories++;
    if (depth < options.maxDepth) drawChildren(ctx, child, indent + (last ? '    ' : '│   '), depth + 1, options, totals);
  });
}
