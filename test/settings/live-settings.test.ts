// The settings cache: one store read per period however many requests ask, the file's values until then, the last ones while the store fails.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRedirectEntry, type AllowedRedirect } from '../../src/config/index.js';
import { effectiveSettings, liveSettings } from '../../src/settings/index.js';
import type { StoredSettings } from '../../src/store/index.js';

const claude = parseRedirectEntry('claude.ai') as AllowedRedirect;
const config = { ...DEFAULT_RUNTIME_CONFIG, oauth: { ...DEFAULT_RUNTIME_CONFIG.oauth, allowedRedirects: [claude] } };

/** A store whose reads are counted and answer what `stored` holds, or fail when it is an Error. */
function countingStore(initial: StoredSettings | Error) {
  const store = {
    stored: initial,
    reads: 0,
    async getSettings(): Promise<StoredSettings> {
      store.reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (store.stored instanceof Error) throw store.stored;
      return store.stored;
    },
  };
  return store;
}

describe('live settings', () => {
  it('reads the store once for many requests at once, and again only after the cache period', async () => {
    let now = 0;
    const store = countingStore({ mcpEnabled: false });
    const settings = liveSettings({ store, config, cacheMs: 2000, now: () => now });
    const answers = await Promise.all(Array.from({ length: 100 }, () => settings.current()));
    expect(store.reads).toBe(1);
    expect(answers.every((answer) => answer.mcpEnabled === false)).toBe(true);
    store.stored = { mcpEnabled: true };
    now = 1999;
    expect((await settings.current()).mcpEnabled).toBe(false);
    now = 2000;
    expect((await settings.current()).mcpEnabled).toBe(true);
    expect(store.reads).toBe(2);
  });

  it('keeps the settings last read while the store cannot be read, and says so', async () => {
    let now = 0;
    const errors: unknown[] = [];
    const store = countingStore({ mcpEnabled: false });
    const settings = liveSettings({ store, config, cacheMs: 1000, now: () => now, onReadError: (error) => errors.push(error) });
    expect((await settings.current()).mcpEnabled).toBe(false);
    store.stored = new Error('database down');
    now = 5000;
    expect((await settings.current()).mcpEnabled).toBe(false);
    expect(errors).toHaveLength(1);
    // Not asked again until the period is over.
    await settings.current();
    expect(store.reads).toBe(2);
  });

  it("starts from the runtime config's values, and adds stored redirect URIs to the file's", () => {
    expect(effectiveSettings(config, {})).toEqual({ mcpEnabled: true, allowedRedirects: [claude] });
    const stored = effectiveSettings(config, { mcpEnabled: false, redirectUris: ['app.example.com', 'javascript:alert(1)'] });
    expect(stored.mcpEnabled).toBe(false);
    expect(stored.allowedRedirects.map((entry) => entry.entry)).toEqual(['claude.ai', 'app.example.com']);
  });

  it('ignores stored values of settings the file fixes, and never reads the store when it fixes them all', async () => {
    const fixed = { ...config, fixedSettings: ['redirectUris' as const] };
    expect(effectiveSettings(fixed, { mcpEnabled: false, redirectUris: ['app.example.com'] })).toEqual({ mcpEnabled: false, allowedRedirects: [claude] });
    const store = countingStore({ mcpEnabled: false });
    const settings = liveSettings({ store, config: { ...config, fixedSettings: ['mcpEnabled', 'redirectUris'] } });
    expect((await settings.current()).mcpEnabled).toBe(true);
    expect(store.reads).toBe(0);
  });
});
