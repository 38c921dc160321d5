// Settings an owner changes at run time (dashboard or `docsite settings`), shared by every instance through the store.
import type { Clock } from './clock.js';
import { StoreInputError } from './errors.js';
import type { SqlDriver } from './sql.js';

/**
 * The stored value of each setting; a setting absent here was never changed and keeps the initial
 * value the runtime config file gives.
 */
export interface StoredSettings {
  /** Whether the MCP server answers (SPEC 4.4). */
  mcpEnabled?: boolean;
  /** Allowed OAuth redirect URIs besides loopback, as entered (SPEC 5.4). */
  redirectUris?: string[];
}

/** The name of a setting. */
export type SettingName = keyof StoredSettings;

export const SETTING_NAMES: readonly SettingName[] = ['mcpEnabled', 'redirectUris'];

/** Where owner settings live. */
export interface SettingsStore {
  /** Every setting that has a stored value. */
  getSettings(): Promise<StoredSettings>;
  /** Stores `value` for `name`, recording who changed it; throws `StoreInputError` for a value of the wrong type. */
  putSetting<Name extends SettingName>(name: Name, value: NonNullable<StoredSettings[Name]>, changedBy: string): Promise<void>;
}

function checkValue(name: SettingName, value: unknown): void {
  const valid = name === 'mcpEnabled' ? typeof value === 'boolean' : Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry !== '');
  if (!valid) throw new StoreInputError(`setting ${name} has a value of the wrong type`);
}

/** The settings methods of a SQL store. */
export function settingsStore(db: SqlDriver, clock: Clock): SettingsStore {
  return {
    async getSettings() {
      const settings: Record<string, unknown> = {};
      for (const row of await db.all<{ name: string; value: string }>('SELECT name, value FROM settings')) {
        if ((SETTING_NAMES as readonly string[]).includes(row.name)) settings[row.name] = JSON.parse(row.value);
      }
      return settings as StoredSettings;
    },

    async putSetting(name, value, changedBy) {
      if (!SETTING_NAMES.includes(name)) throw new StoreInputError(`there is no setting ${String(name)}`);
      checkValue(name, value);
      await db.run(
        `INSERT INTO settings (name, value, updated_ms, updated_by) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_ms = excluded.updated_ms, updated_by = excluded.updated_by`,
        [name, JSON.stringify(value), clock(), changedBy],
      );
    },
  };
}
