// `docsite credentials create|list|delete`: client credentials for machines calling /authed/mcp (SPEC.md 5.5).
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { addStateOptions, withStore, type StateFlags } from './state-options.js';
import { formatTable } from './table.js';

interface CreateFlags extends StateFlags {
  label: string;
  json?: boolean;
}

interface ListFlags extends StateFlags {
  json?: boolean;
}

const DIR_ARGUMENT = ['[dir]', 'docs folder (its state is <dir>/.docsite)', '.'] as const;

/** Adds `docsite credentials create|list|delete` to the program. */
export function registerCredentials(program: Command): void {
  const credentials = program.command('credentials').description('create, list and delete client credentials: non-interactive access to /authed/mcp');

  addStateOptions(
    credentials
      .command('create')
      .description('create a client credential and print its client id and secret; the secret is shown only this once')
      .argument(...DIR_ARGUMENT)
      .requiredOption('--label <label>', 'what the credential is for, e.g. "CI docs checker"')
      .option('--json', 'print {"clientId", "clientSecret"}'),
  ).action(async (dir: string, flags: CreateFlags) => {
    if (flags.label.trim() === '') throw new UsageError('The label must not be empty.');
    const created = await withStore(dir, flags, (store) => store.createClientCredential({ label: flags.label.trim() }));
    if (flags.json) return void process.stdout.write(`${JSON.stringify({ clientId: created.clientId, clientSecret: created.clientSecret })}\n`);
    process.stdout.write(
      `Created client credential "${created.label}":\n\n  Client ID:      ${created.clientId}\n  Client secret:  ${created.clientSecret}\n\n` +
        'Copy the secret now: it is not stored and cannot be shown again. Keep it out of source control and client-side code.\n' +
        'Exchange it for tokens with POST <site>/authed/mcp/oauth/token (grant_type=client_credentials).\n',
    );
  });

  addStateOptions(
    credentials
      .command('list')
      .description('list client credentials: client id, label, created (never the secrets)')
      .argument(...DIR_ARGUMENT)
      .option('--json', 'print {"credentials": [{clientId, label, createdAt}]}'),
  ).action(async (dir: string, flags: ListFlags) => {
    const list = await withStore(dir, flags, (store) => store.listClientCredentials());
    if (flags.json) return void process.stdout.write(`${JSON.stringify({ credentials: list })}\n`);
    const rows = [['CLIENT ID', 'LABEL', 'CREATED'], ...list.map((c) => [c.clientId, c.label, c.createdAt])];
    process.stdout.write(list.length ? `${formatTable(rows)}\n` : 'No client credentials. Create one with `docsite credentials create --label L`.\n');
  });

  addStateOptions(
    credentials
      .command('delete')
      .description('delete a client credential and revoke every token issued to it, at once and for good')
      .argument('<id>', 'the client id (see `docsite credentials list`)')
      .argument(...DIR_ARGUMENT),
  ).action(async (id: string, dir: string, flags: StateFlags) => {
    if (!(await withStore(dir, flags, (store) => store.deleteClientCredential(id))))
      throw new UsageError(`There is no client credential ${id}.`, 'Run `docsite credentials list` to see them.');
    process.stdout.write(`Deleted client credential ${id}; its tokens no longer work.\n`);
  });
}
