// echo: prints its arguments, handy for labelling the parts of a chained command's output.
import type { Command } from './command.js';

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
    const words = args.operands.map((word) => word.text);
    const noNewline = words[0] === '-n';
    ctx.stdout.write(words.slice(noNewline ? 1 : 0).join(' ') + (noNewline ? '' : '\n'));
    return 0;
  },
};
