// pwd: prints the working directory, which is always / (every call starts there).
import type { Command } from './command.js';

/** `pwd` */
export const pwd: Command = {
  spec: { name: 'pwd', summary: 'Print the working directory: always /.', usage: 'pwd', flags: [] },
  run(ctx) {
    ctx.stdout.write('/\n');
    return 0;
  },
};
