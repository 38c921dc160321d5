// cat: prints files or piped input, optionally numbering the lines.
import type { Command } from './command.js';
import { readInputs } from './inputs.js';
import { splitLines } from './lines.js';

/** `cat [-n] [FILE]...` */
export const cat: Command = {
  spec: {
    name: 'cat',
    summary: 'Print files (several at once: cat /a.mdx /b.mdx), or the piped input.',
    usage: 'cat [-n] [FILE]...',
    flags: [{ names: ['-n', '--number'], help: 'number all output lines' }],
    notes: ['Each file ends with a newline in the output, so files never run together.'],
  },
  run(ctx, args) {
    const { inputs, ok } = readInputs(ctx, 'cat', args.operands);
    let number = 0;
    for (const { text } of inputs) {
      if (ctx.stdout.full) break;
      if (!args.has('-n')) {
        ctx.stdout.write(text === '' || text.endsWith('\n') ? text : `${text}\n`);
        continue;
      }
      for (const line of splitLines(text)) {
        if (ctx.stdout.full) break;
        ctx.budget.tick();
        ctx.stdout.write(`${String(++number).padStart(6)}\t${line}\n`);
      }
    }
    return ok ? 0 : 1;
  },
};
