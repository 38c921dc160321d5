// Which Host and Origin headers the MCP endpoints accept: the DNS-rebinding defence MCP requires.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface OriginPolicyOptions {
  /** The public URL of the site (`--site-url`), when the operator set one. */
  siteUrl?: string;
  /** Extra origins allowed to call from browsers (web-based AI tools), e.g. "https://chat.example.com". */
  allowedOrigins?: readonly string[];
  /** Origins allowed besides those, as they are now (the https hosts of stored redirect URIs change at run time). */
  currentOrigins?(): readonly string[];
  /** Whether the server listens on a loopback address only. */
  loopbackOnly: boolean;
}

export interface OriginPolicy {
  /** Whether the Host header names this site (or loopback); false means a possible rebinding attack. */
  allowsHost(host: string | undefined): boolean;
  /** Whether a browser at `origin` may call; requests without Origin (non-browser clients) always may. */
  allowsOrigin(origin: string | undefined, host: string | undefined): boolean;
}

/** The hostname of a Host header value, without the port ("[::1]:3000" -> "[::1]"). */
function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

export function originPolicy(options: OriginPolicyOptions): OriginPolicy {
  const siteHost = options.siteUrl ? new URL(options.siteUrl).host.toLowerCase() : undefined;
  const origins = new Set((options.allowedOrigins ?? []).map((origin) => origin.replace(/\/+$/, '').toLowerCase()));
  if (options.siteUrl) origins.add(new URL(options.siteUrl).origin.toLowerCase());
  const allowsHost = (host: string | undefined): boolean => {
    if (!host) return false;
    const value = host.toLowerCase();
    if (LOOPBACK_HOSTS.has(hostnameOf(value))) return true;
    if (siteHost) return value === siteHost || hostnameOf(value) === hostnameOf(siteHost);
    // Reached on a public address with no --site-url: any name may be this site (a warning is printed at start).
    return !options.loopbackOnly;
  };
  return {
    allowsHost,
    allowsOrigin(origin, host) {
      if (origin === undefined) return true;
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (LOOPBACK_HOSTS.has(url.hostname === '::1' ? '[::1]' : url.hostname)) return true;
      const wanted = url.origin.toLowerCase();
      if (origins.has(wanted) || options.currentOrigins?.().some((allowed) => allowed.toLowerCase() === wanted)) return true;
      // The site's own pages (same origin as the request) may call its MCP server.
      return !siteHost && host !== undefined && url.host.toLowerCase() === host.toLowerCase();
    },
  };
}
