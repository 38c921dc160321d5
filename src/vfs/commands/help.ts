// help: lists the commands and how to combine them, or shows one command's --help.
import { CommandError, type Command } from './command.js';
import { helpText } from './flags.js';

const ABOUT = [
  'A read-only shell over the documentation: each page is a file at /<url-path>.mdx (cite pages by',
  'their URL path, without .mdx), OpenAPI specs are under /openapi/. Every call starts in /; cd moves within the call.',
];
const USAGE = [
  'Combine commands with | (pipe), && (next only if the previous succeeded), || and ;. Quote with \'...\' or "...".',
  'Globs in paths: * ? [abc] and ** (any depth); like rg, they pass over hidden names. E.g. head -30 /guides/*.mdx.',
  'Variables: F=/guides/auth.mdx; cat "$F". Redirections: 2>/dev/null, >/dev/null, 2>&1, < FILE.',
  'Output is capped at 30 KB per call. Nothing can be written (no > FILE), and there is no $(...) or &.',
  "Run 'COMMAND --help' for a command's options.",
];

/** The `help` command, listing `commands` (itself included). */
export function helpCommand(commands: () => readonly Command[]): Command {
  return {
    spec: { name: 'help', summary: "List the commands, or show one command's usage: help grep.", usage: 'help [COMMAND]', flags: [] },
    run(ctx, args) {
      const [name, ...extra] = args.operands.map((w) => w.text);
      if (extra.length > 0) throw new CommandError('give at most one command name');
      const all = commands();
      if (name !== undefined) {
        const command = all.find((c) => c.spec.name === name);
        if (!command) throw new CommandError(`no such command: '${name}'; commands: ${all.map((c) => c.spec.name).join(', ')}`);
        ctx.stdout.write(helpText(command.spec));
        return 0;
      }
      const width = Math.max(...all.map((c) => c.spec.name.length));
      const list = all.map((c) => `  ${c.spec.name.padEnd(width)}  ${c.spec.summary}`);
      ctx.stdout.write([...ABOUT, '', 'Commands:', ...list, '', ...USAGE, ''].join('\n'));
      return 0;
    },
  };
}
