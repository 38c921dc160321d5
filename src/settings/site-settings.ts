// The owner settings `docsite serve` applies: the runtime config's values, overridden by the stored ones unless the file fixes them.
import { parseRedirectEntry, type AllowedRedirect, type RuntimeConfig } from '../config/index.js';
import type { StoredSettings } from '../store/index.js';

/** The settings in force. */
export interface SiteSettings {
  /** Whether the MCP servers are served (with authentication on; without it MCP is always on, SPEC 4.4). */
  mcpEnabled: boolean;
  /** Allowed OAuth redirect targets besides loopback: the runtime config's, then the stored ones (SPEC 5.4). */
  allowedRedirects: AllowedRedirect[];
}

/** What of the runtime config the settings start from. */
export type SettingsConfig = Pick<RuntimeConfig, 'file' | 'mcp' | 'oauth' | 'fixedSettings'>;

/**
 * The settings in force given the stored ones: a setting never stored, or fixed by the file
 * (`settings.fixed`), keeps the file's value; stored redirect URIs are added to the file's. A
 * stored entry the parser refuses (written by an older docsite, or by hand) is left out.
 */
export function effectiveSettings(config: SettingsConfig, stored: StoredSettings): SiteSettings {
  const fixed = new Set(config.fixedSettings);
  const storedRedirects = fixed.has('redirectUris')
    ? []
    : (stored.redirectUris ?? []).flatMap((entry) => {
        const parsed = parseRedirectEntry(entry);
        return typeof parsed === 'string' ? [] : [parsed];
      });
  return {
    mcpEnabled: fixed.has('mcpEnabled') ? config.mcp.enabled : (stored.mcpEnabled ?? config.mcp.enabled),
    allowedRedirects: [...config.oauth.allowedRedirects, ...storedRedirects],
  };
}
