// `docsite settings`: the owner settings kept in the store (MCP switch, allowed OAuth redirect URIs), as the dashboard changes them.
import type { Command } from 'commander';
import { parseRedirectEntry } from '../config/redirect-entries.js';
import { readFixedSettings, RUNTIME_CONFIG_FILE, type RuntimeConfig } from '../config/index.js';
import { UsageError } from '../errors.js';
import { changeSetting, isFixed } from '../settings/index.js';
import type { SettingName, StoredSettings } from '../store/index.js';
import { addStateOptions, withStore, type StateFlags } from './state-options.js';

interface SettingsFlags extends StateFlags {
  config?: string;
}

interface ListFlags extends SettingsFlags {
  json?: boolean;
}

const DIR_ARGUMENT = ['[dir]', 'docs folder (its state is <dir>/.docsite)', '.'] as const;
/** Who the store records as having changed a setting from the command line. */
const CHANGED_BY = 'cli';

function describeSettings(settings: StoredSettings, config: FixedSettings): string {
  const fixed = (name: SettingName): string => (isFixed(config, name) ? ` (fixed by ${config.file}: stored values do not apply)` : '');
  const mcp = settings.mcpEnabled === undefined ? 'not set (the runtime config applies)' : settings.mcpEnabled ? 'on' : 'off';
  const uris = settings.redirectUris?.length ? settings.redirectUris.map((uri) => `  ${uri}`).join('\n') : '  none besides the runtime config and loopback';
  return `MCP: ${mcp}${fixed('mcpEnabled')}\nAllowed OAuth redirect URIs${fixed('redirectUris')}:\n${uris}\n`;
}

type FixedSettings = Pick<RuntimeConfig, 'file' | 'fixedSettings'>;

/** Which settings the runtime config `serve` would use for `dir` fixes. */
function configOf(dir: string, flags: SettingsFlags): Promise<FixedSettings> {
  return readFixedSettings(dir, flags.config);
}

/** Adds the state options and `--config` to a command that reads or changes settings. */
function addSettingsOptions(command: Command): Command {
  return addStateOptions(command).option(
    '--config <file>',
    `runtime config; settings it fixes (settings.fixed) cannot be changed (default: <dir>/${RUNTIME_CONFIG_FILE} when present)`,
  );
}

/** The entry, checked by the SPEC 5.4 rules of `oauth.allowedRedirectUris`. */
function checkedRedirectUri(uri: string): string {
  const parsed = parseRedirectEntry(uri);
  if (typeof parsed === 'string') throw new UsageError(`Not allowed: ${parsed}.`);
  return parsed.entry.trim();
}

/** Adds `docsite settings list|mcp|redirect-uris` to the program. */
export function registerSettings(program: Command): void {
  const settings = program
    .command('settings')
    .description('owner settings shared by every server using the state: the MCP switch and allowed OAuth redirect URIs (the dashboard changes the same)');

  addSettingsOptions(
    settings
      .command('list')
      .description('show the stored settings')
      .argument(...DIR_ARGUMENT)
      .option('--json', 'print {"mcpEnabled"?: boolean, "redirectUris"?: string[]}'),
  ).action(async (dir: string, flags: ListFlags) => {
    const config = await configOf(dir, flags);
    const stored = await withStore(dir, flags, (store) => store.getSettings());
    process.stdout.write(flags.json ? `${JSON.stringify(stored)}\n` : describeSettings(stored, config));
  });

  addSettingsOptions(
    settings
      .command('mcp')
      .description('turn the MCP servers on or off on every server at once (with authentication on; without it MCP is always on)')
      .argument('<state>', 'on or off')
      .argument(...DIR_ARGUMENT),
  ).action(async (state: string, dir: string, flags: SettingsFlags) => {
    if (state !== 'on' && state !== 'off') throw new UsageError(`Expected on or off, not "${state}".`);
    const config = await configOf(dir, flags);
    await withStore(dir, flags, (store) => changeSetting(store, config, 'mcpEnabled', state === 'on', CHANGED_BY));
    process.stdout.write(`MCP is now ${state}.\n`);
  });

  const uris = settings.command('redirect-uris').description('allowed OAuth redirect URIs, added to those of the runtime config; loopback is always allowed');

  addStateOptions(
    uris
      .command('list')
      .description('list the stored redirect URIs')
      .argument(...DIR_ARGUMENT),
  ).action(async (dir: string, flags: StateFlags) => {
    const stored = (await withStore(dir, flags, (store) => store.getSettings())).redirectUris ?? [];
    process.stdout.write(stored.length ? `${stored.join('\n')}\n` : 'No stored redirect URIs.\n');
  });

  addSettingsOptions(
    uris
      .command('add')
      .description('allow a redirect URI: a host name (https), or a full URI for other schemes; javascript:, data: and file: are refused')
      .argument('<uri>', 'e.g. app.example.com, https://app.example.com/callback, myapp://callback')
      .argument(...DIR_ARGUMENT),
  ).action(async (uri: string, dir: string, flags: SettingsFlags) => {
    const entry = checkedRedirectUri(uri);
    const config = await configOf(dir, flags);
    const added = await withStore(dir, flags, async (store) => {
      const current = (await store.getSettings()).redirectUris ?? [];
      if (current.includes(entry)) return false;
      await changeSetting(store, config, 'redirectUris', [...current, entry], CHANGED_BY);
      return true;
    });
    process.stdout.write(added ? `Allowed ${entry}.\n` : `${entry} was already allowed.\n`);
  });

  addSettingsOptions(
    uris
      .command('remove')
      .description('stop allowing a stored redirect URI')
      .argument('<uri>', 'the entry as listed')
      .argument(...DIR_ARGUMENT),
  ).action(async (uri: string, dir: string, flags: SettingsFlags) => {
    const config = await configOf(dir, flags);
    const removed = await withStore(dir, flags, async (store) => {
      const current = (await store.getSettings()).redirectUris ?? [];
      if (!current.includes(uri.trim())) return false;
      await changeSetting(
        store,
        config,
        'redirectUris',
        current.filter((entry) => entry !== uri.trim()),
        CHANGED_BY,
      );
      return true;
    });
    if (!removed) throw new UsageError(`${uri} is not a stored redirect URI.`, 'Run `docsite settings redirect-uris list` to see them.');
    process.stdout.write(`Removed ${uri.trim()}.\n`);
  });
}
