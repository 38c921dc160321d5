// Changing an owner setting, as `docsite settings` and the dashboard do: refused for a setting the runtime config fixes.
import type { RuntimeConfig } from '../config/index.js';
import { UsageError } from '../errors.js';
import type { SettingName, Store, StoredSettings } from '../store/index.js';

/** The runtime config file fixes the setting (`settings.fixed`): it can only be changed there. */
export class FixedSettingError extends UsageError {
  constructor(
    readonly setting: SettingName,
    readonly file: string | undefined,
  ) {
    super(
      `The setting ${setting} is fixed by the runtime config${file ? ` ${file}` : ''} (settings.fixed): it cannot be changed here.`,
      `Change it in ${file ?? 'the runtime config'} and restart docsite serve.`,
    );
  }
}

/** Whether the runtime config fixes `name`. */
export function isFixed(config: Pick<RuntimeConfig, 'fixedSettings'>, name: SettingName): boolean {
  return config.fixedSettings.includes(name);
}

/** Stores `value` for `name`, recording `changedBy`; throws `FixedSettingError` when the runtime config fixes it. */
export async function changeSetting<Name extends SettingName>(
  store: Pick<Store, 'putSetting'>,
  config: Pick<RuntimeConfig, 'file' | 'fixedSettings'>,
  name: Name,
  value: NonNullable<StoredSettings[Name]>,
  changedBy: string,
): Promise<void> {
  if (isFixed(config, name)) throw new FixedSettingError(name, config.file);
  await store.putSetting(name, value, changedBy);
}
