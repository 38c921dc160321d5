// `docsite keys create|list|revoke`: API keys of the REST API (admin: analytics; assistant: the assistant).
import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';
import type { ApiKey, ApiKeyKind } from '../store/index.js';
import { addStateOptions, withStore, type StateFlags } from './state-options.js';
import { formatTable } from './table.js';

interface CreateFlags extends StateFlags {
  kind: ApiKeyKind;
  label?: string;
  json?: boolean;
}

interface ListFlags extends StateFlags {
  json?: boolean;
}

/** Keys as an aligned table: id, kind, label, created, last used. */
function keysTable(keys: readonly ApiKey[]): string {
  return formatTable([
    ['ID', 'KIND', 'LABEL', 'CREATED', 'LAST USED'],
    ...keys.map((k) => [k.id, k.kind, k.label ?? '-', k.createdAt, k.lastUsedAt ?? 'never']),
  ]);
}

/** Adds `docsite keys create|list|revoke`. */
export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('create, list and revoke API keys of the REST API (admin keys: analytics; assistant keys: the assistant)');

  addStateOptions(
    keys
      .command('create')
      .description('create an API key and print it; it is shown only this once')
      .argument('[dir]', 'docs folder (its state is <dir>/.docsite)', '.')
      .addOption(new Option('--kind <kind>', 'admin (analytics API) or assistant (assistant API)').choices(['admin', 'assistant']).makeOptionMandatory())
      .option('--label <label>', 'a note to recognise the key by')
      .option('--json', 'print {"id", "key", "kind"}'),
  ).action(async (dir: string, flags: CreateFlags) => {
    const created = await withStore(dir, flags, (store) => store.createApiKey({ kind: flags.kind, label: flags.label ?? null }));
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ id: created.id, key: created.key, kind: created.kind })}\n`);
      return;
    }
    process.stdout.write(
      `Created ${created.kind} key ${created.id}${created.label ? ` (${created.label})` : ''}:\n\n  ${created.key}\n\nCopy it now: it is not stored and cannot be shown again.\n`,
    );
  });

  addStateOptions(
    keys
      .command('list')
      .description('list the live keys: id, kind, label, created, last used (never the keys themselves)')
      .argument('[dir]', 'docs folder (its state is <dir>/.docsite)', '.')
      .option('--json', 'print {"keys": [{id, kind, label, createdAt, lastUsedAt}]}'),
  ).action(async (dir: string, flags: ListFlags) => {
    const list = await withStore(dir, flags, (store) => store.listApiKeys());
    if (flags.json) process.stdout.write(`${JSON.stringify({ keys: list })}\n`);
    else process.stdout.write(list.length ? `${keysTable(list)}\n` : 'No API keys. Create one with `docsite keys create --kind admin`.\n');
  });

  addStateOptions(
    keys
      .command('revoke')
      .description('revoke a key: requests with it fail at once, also on running servers sharing the state')
      .argument('<id>', 'the key id (see `docsite keys list`)')
      .argument('[dir]', 'docs folder (its state is <dir>/.docsite)', '.'),
  ).action(async (id: string, dir: string, flags: StateFlags) => {
    const revoked = await withStore(dir, flags, (store) => store.revokeApiKey(id));
    if (!revoked) throw new UsageError(`There is no API key with id ${id}.`, 'Run `docsite keys list` to see the ids.');
    process.stdout.write(`Revoked key ${id.toUpperCase()}.\n`);
  });
}
