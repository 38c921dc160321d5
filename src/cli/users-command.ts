// `docsite users add|list|remove`: the people of the `local` identity provider, with their groups.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { canonicalUsername, StoreConflictError, StoreInputError } from '../store/index.js';
import { promptNewPassword, readPasswordFromStdin } from './password-input.js';
import { addStateOptions, withStore, type StateFlags } from './state-options.js';
import { formatTable } from './table.js';

interface AddFlags extends StateFlags {
  group: string[];
  owner?: boolean;
  passwordStdin?: boolean;
  password?: string;
}

interface ListFlags extends StateFlags {
  json?: boolean;
}

const DIR_ARGUMENT = ['[dir]', 'docs folder (its state is <dir>/.docsite)', '.'] as const;

/** The password from stdin, the explicit flag, or a hidden prompt, in that order. */
async function passwordOf(flags: AddFlags): Promise<string> {
  if (flags.passwordStdin && flags.password !== undefined) throw new UsageError('Give the password one way: --password-stdin or --password.');
  if (flags.passwordStdin) return readPasswordFromStdin();
  return flags.password ?? promptNewPassword();
}

/** Adds `docsite users add|list|remove` to the program. */
export function registerUsers(program: Command): void {
  const users = program.command('users').description('manage the users of the `local` identity provider (sign-in for previews and small teams)');

  addStateOptions(
    users
      .command('add')
      .description('add a user; the password is asked for on the terminal unless --password-stdin is given')
      .argument('<username>', 'sign-in name (case-insensitive)')
      .argument(...DIR_ARGUMENT)
      .option('--group <group>', 'a group the user is in (repeatable)', (value: string, all: string[]) => [...all, value], [])
      .option('--owner', "an owner: may sign in to the owner's dashboard at /_docsite/admin on a site without authentication")
      .option('--password-stdin', 'read the password from stdin (for scripts)')
      .option('--password <password>', 'the password itself (visible in shell history and process lists; prefer the prompt or --password-stdin)'),
  ).action(async (username: string, dir: string, flags: AddFlags) => {
    const password = await passwordOf(flags);
    const user = await withStore(dir, flags, (store) => store.addUser({ username, password, groups: flags.group, owner: flags.owner === true })).catch(
      (error: unknown) => {
        if (error instanceof StoreConflictError)
          throw new UsageError(`There is already a user ${username}.`, 'Remove it first with `docsite users remove`, or pick another name.');
        if (error instanceof StoreInputError) throw new UsageError(error.message);
        throw error;
      },
    );
    process.stdout.write(`Added ${user.owner ? 'owner' : 'user'} ${user.username}${user.groups.length ? ` in ${user.groups.join(', ')}` : ''}.\n`);
  });

  addStateOptions(
    users
      .command('list')
      .description('list the users and their groups (never their passwords)')
      .argument(...DIR_ARGUMENT)
      .option('--json', 'print {"users": [{username, groups, owner, createdAt}]}'),
  ).action(async (dir: string, flags: ListFlags) => {
    const list = await withStore(dir, flags, (store) => store.listUsers());
    if (flags.json) return void process.stdout.write(`${JSON.stringify({ users: list })}\n`);
    const rows = [['USERNAME', 'GROUPS', 'OWNER', 'CREATED'], ...list.map((u) => [u.username, u.groups.join(',') || '-', u.owner ? 'yes' : 'no', u.createdAt])];
    process.stdout.write(list.length ? `${formatTable(rows)}\n` : 'No users. Add one with `docsite users add NAME`.\n');
  });

  addStateOptions(
    users
      .command('remove')
      .description('remove a user: their browser sessions and OAuth tokens end at once, on every server sharing the state')
      .argument('<username>', 'the user to remove')
      .argument(...DIR_ARGUMENT),
  ).action(async (username: string, dir: string, flags: StateFlags) => {
    if (!(await withStore(dir, flags, (store) => store.removeUser(username))))
      throw new UsageError(`There is no user ${username}.`, 'Run `docsite users list` to see them.');
    process.stdout.write(`Removed user ${canonicalUsername(username)}, ended their sessions and revoked their tokens.\n`);
  });
}
