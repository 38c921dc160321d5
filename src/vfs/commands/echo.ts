// echo: prints its arguments, handy for labelling the parts of a chained command's output.
import type { Command } from './command.js';
import { expandOperands } from './inputs.js';

/** `echo [-n] [TEXT]...` */
export const echo: Command = {
  spec: {
    name: 'echo',
    summary: 'Print the arguments: echo "== webhooks ==" && head -5 /guides/webhooks.mdx.',
    usage: 'echo [-n] [TEXT]...',
    flags: [{ names: ['-n'], help: 'do not end the output with a newline' }],
    rawArguments: true,
  },
  run(ctx, args) {
    // Globs are expanded as bash expands them for any command: echo /guides/* lists the folder.
    const words = expandOperands(ctx, args.operands);
    const noNewline = words[0] === '-n';
    ctx.stdout.write(words.slice(noNewline ? 1 : 0).join(' ') + (noNewline ? '' : '\n'));
    return 0;
  },
};
