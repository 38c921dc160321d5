// pwd: prints the working directory: / where every call starts, or where `cd` went.
import type { Command } from './command.js';

/** `pwd` */
export const pwd: Command = {
  spec: { name: 'pwd', summary: 'Print the working directory (/ until cd).', usage: 'pwd', flags: [] },
  run(ctx) {
    ctx.stdout.write(`${ctx.fs.cwd}\n`);
    return 0;
  },
};
