// uniq: collapses runs of equal adjacent lines, optionally counting them or keeping only some.
import { CommandError, type Command } from './command.js';
import { readInputs } from './inputs.js';
import { splitLines } from './lines.js';

/** `uniq [-c] [-d] [-u] [FILE]` */
export const uniq: Command = {
  spec: {
    name: 'uniq',
    summary: 'Collapse adjacent equal lines (sort first): ... | sort | uniq -c | sort -rn.',
    usage: 'uniq [-c] [-d] [-u] [FILE]',
    flags: [
      { names: ['-c', '--count'], help: 'prefix lines with the number of times they occur' },
      { names: ['-d', '--repeated'], help: 'print only lines that occur more than once' },
      { names: ['-u', '--unique'], help: 'print only lines that occur once' },
    ],
  },
  run(ctx, args) {
    if (args.operands.length > 1) throw new CommandError('at most one input file (writing to a file is not supported)');
    const { inputs, ok } = readInputs(ctx, 'uniq', args.operands);
    const held = inputs.reduce((sum, input) => sum + input.text.length, 0);
    ctx.budget.hold(held);
    const lines = inputs.flatMap((input) => splitLines(input.text));
    for (let i = 0; i < lines.length && !ctx.stdout.full; ) {
      let next = i + 1;
      while (next < lines.length && lines[next] === lines[i]) next++;
      ctx.budget.tick(next - i);
      const count = next - i;
      if ((!args.has('-d') || count > 1) && (!args.has('-u') || count === 1)) {
        ctx.stdout.write(args.has('-c') ? `${String(count).padStart(7)} ${lines[i]}\n` : `${lines[i]}\n`);
      }
      i = next;
    }
    ctx.budget.release(held);
    return ok ? 0 : 1;
  },
};
