// Owner settings: the runtime config gives the initial values and may fix them; the store holds changes, read live by every instance.
export { effectiveSettings, type SettingsConfig, type SiteSettings } from './site-settings.js';
export { constantSettings, liveSettings, SETTINGS_CACHE_MS, type LiveSettings, type LiveSettingsOptions } from './live-settings.js';
export { changeSetting, FixedSettingError, isFixed } from './change-setting.js';
export { whileMcpIs } from './mcp-switch.js';
