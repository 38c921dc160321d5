// The settings in force, read from the store with a short cache: a change made through any instance applies on every instance within it.
import { SETTING_NAMES, type Store } from '../store/index.js';
import { effectiveSettings, type SettingsConfig, type SiteSettings } from './site-settings.js';

/** How long settings read from the store are used before they are read again. */
export const SETTINGS_CACHE_MS = 2000;

/** The settings in force, as requests need them. */
export interface LiveSettings {
  /**
   * The settings now: read from the store at most once per cache period, one read shared by
   * every request that arrives meanwhile. Never rejects: while the store cannot be read, the
   * settings last read apply (the runtime config's before any).
   */
  current(): Promise<SiteSettings>;
  /** The settings as last read, without waiting (for checks that run after a `current()` of the same request). */
  latest(): SiteSettings;
}

export interface LiveSettingsOptions {
  store: Pick<Store, 'getSettings'>;
  config: SettingsConfig;
  /** Default `SETTINGS_CACHE_MS`. */
  cacheMs?: number;
  /** Source of "now" in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Told when reading the store fails (the previous settings stay in force). */
  onReadError?(error: unknown): void;
}

/** Settings that never change (tests, and `createSiteAuth` callers that give no store-backed ones). */
export function constantSettings(settings: SiteSettings): LiveSettings {
  const ready = Promise.resolve(settings);
  return { current: () => ready, latest: () => settings };
}

/** The store's settings over the runtime config's, cached for `cacheMs`. */
export function liveSettings(options: LiveSettingsOptions): LiveSettings {
  const { store, config, cacheMs = SETTINGS_CACHE_MS, now = Date.now } = options;
  let settings = effectiveSettings(config, {});
  // Every setting fixed by the file: nothing stored can apply, the store is never read.
  if (SETTING_NAMES.every((name) => config.fixedSettings.includes(name))) return constantSettings(settings);
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<SiteSettings> | undefined;
  const read = (): Promise<SiteSettings> =>
    store
      .getSettings()
      .then(
        (stored) => {
          settings = effectiveSettings(config, stored);
        },
        (error: unknown) => options.onReadError?.(error),
      )
      .then(() => {
        // Counted from the end of the read, failed or not: a store that is down is asked again only after the cache period.
        readAt = now();
        reading = undefined;
        return settings;
      });
  return {
    current() {
      if (now() - readAt < cacheMs) return Promise.resolve(settings);
      reading ??= read();
      return reading;
    },
    latest: () => settings,
  };
}
