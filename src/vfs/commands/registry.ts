// Every command of the shell, by name.
import { awk } from './awk.js';
import { cat } from './cat.js';
import type { Command } from './command.js';
import { cut } from './cut.js';
import { echo } from './echo.js';
import { find } from './find.js';
import { head } from './head.js';
import { helpCommand } from './help.js';
import { jq } from './jq.js';
import { ls } from './ls.js';
import { pwd } from './pwd.js';
import { grep } from './search/grep.js';
import { rg } from './search/rg.js';
import { sed } from './sed.js';
import { sort } from './sort.js';
import { stat } from './stat.js';
import { tail } from './tail.js';
import { tree } from './tree.js';
import { uniq } from './uniq.js';
import { wc } from './wc.js';

const listed: Command[] = [ls, cat, head, tail, grep, rg, find, tree, wc, stat, sort, uniq, cut, sed, awk, jq, echo, pwd];
listed.push(helpCommand(() => listed));

/** The commands, by name, in the order `help` lists them. */
export const COMMANDS: ReadonlyMap<string, Command> = new Map(listed.map((command) => [command.spec.name, command]));

/** The names of all commands, for describing the shell (e.g. in an MCP tool description). */
export const COMMAND_NAMES: readonly string[] = [...COMMANDS.keys()];
