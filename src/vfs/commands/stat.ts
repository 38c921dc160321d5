// stat: size, line count and type of files and directories.
import { missingOperand, type Command } from './command.js';
import { entryOrReport, expandOperands } from './inputs.js';
import { countLines } from './lines.js';

/** `stat FILE...` */
export const stat: Command = {
  spec: {
    name: 'stat',
    summary: 'Show size (bytes), line count, type and modification time (UTC) of files, or entry count of directories.',
    usage: 'stat FILE...',
    flags: [],
  },
  run(ctx, args) {
    if (args.operands.length === 0) throw missingOperand('stat');
    let ok = true;
    for (const shown of expandOperands(ctx, args.operands)) {
      const entry = entryOrReport(ctx, 'stat', shown);
      if (!entry) {
        ok = false;
        continue;
      }
      const details =
        entry.kind === 'file'
          ? `Size: ${entry.size}\tLines: ${countLines(entry.content)}\tregular file`
          : `Size: 4096\tEntries: ${entry.children.length}\tdirectory`;
      ctx.stdout.write(`  File: ${shown}\n  ${details}\nModify: ${new Date(entry.modified).toISOString()}\n`);
    }
    return ok ? 0 : 1;
  },
};
