// A real OpenID provider (the oidc-provider package) in-process, for the `oidc` identity provider's tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Browser } from './auth-runtime.js';

/** People the provider knows, with the groups it asserts in its `roles` claim. Any password signs them in (dev interactions). */
export const IDP_ACCOUNTS: Record<string, { name: string; roles: string[] }> = {
  carol: { name: 'carol@acme.test', roles: ['enterprise', 'staff'] },
  dave: { name: 'dave@acme.test', roles: [] },
};

/** The docs site's client at the provider. */
export const IDP_CLIENT = { id: 'docs', secret: 'docs-client-secret' };

/** A listening provider; `serve` gives it the docs site's URL (its redirect URI), known only once the site runs. */
export interface OidcIdp {
  issuer: string;
  serve(siteUrl: string): void;
  close(): Promise<void>;
}

/** The runtime config of a docs site signing in through `issuer` with `IDP_CLIENT`, groups from `roles`; env in `OIDC_SECRET`. */
export function oidcSiteConfig(issuer: string): object {
  return {
    authentication: {
      provider: { type: 'oidc', issuer, clientId: IDP_CLIENT.id, clientSecret: { env: 'OIDC_SECRET' }, scopes: ['profile', 'roles'], groupsClaim: 'roles' },
      session: { secret: { env: 'SESSION_SECRET' } },
    },
  };
}

/** Starts an OpenID provider on a free loopback port; it answers once `serve` names the site. */
export async function startOidcIdp(): Promise<OidcIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    serve(siteUrl) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: IDP_CLIENT.id,
            client_secret: IDP_CLIENT.secret,
            redirect_uris: [`${siteUrl}/_docsite/oidc/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], profile: ['preferred_username'], roles: ['roles'] },
        scopes: ['openid', 'profile', 'roles'],
        async findAccount(_ctx: unknown, id: string) {
          const account = IDP_ACCOUNTS[id];
          return account && { accountId: id, claims: async () => ({ sub: id, preferred_username: account.name, roles: account.roles }) };
        },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['oidc-test-cookie-key'] },
        pkce: { required: () => true },
      });
      provider.proxy = false;
      server.on('request', provider.callback());
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The fields of the first form on an oidc-provider page, and where it posts. */
function formOf(html: string, base: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in: ${html.slice(0, 500)}`);
  const fields = Object.fromEntries([...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { action: new URL(action, base).href, fields };
}

/**
 * Signs `login` in at the docs site at `siteUrl`: the site redirects to the provider, the person logs in and
 * consents on the provider's pages, and the provider redirects back. Returns the site's last answer.
 */
export async function signInUpstream(browser: Browser, siteUrl: string, login: string, returnTo: string): Promise<Response> {
  let response = await browser.get(`/_docsite/login?return_to=${encodeURIComponent(returnTo)}`);
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url);
      if (next.origin === siteUrl && !next.pathname.startsWith('/_docsite/oidc/')) return response;
      response = await browser.get(next.href);
      continue;
    }
    const html = await response.text();
    const form = formOf(html, response.url);
    const fields = /name="login"/.test(html) ? { ...form.fields, login, password: 'any' } : form.fields;
    response = await browser.request(form.action, { method: 'POST', body: new URLSearchParams(fields) });
  }
  throw new Error('the sign-in did not come back to the site');
}
