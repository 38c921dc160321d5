// An MCP client's side of the OAuth authorization code flow, step by step: register, authorize and consent, exchange, refresh.
import { createHash, randomBytes } from 'node:crypto';
import { hiddenFields, type Browser } from './auth-runtime.js';

/** The loopback redirect URI the test clients register. */
export const TEST_REDIRECT = 'http://127.0.0.1:7777/callback';

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A token endpoint (or revocation endpoint) answer. */
export interface TokenAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** POSTs form `fields` to `url` and reads the JSON answer (an empty body reads as undefined). */
export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<TokenAnswer> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** Registers a client at `site` (public unless `authMethod` says otherwise); returns its id and secret. */
export async function registerClient(site: string, authMethod = 'none'): Promise<{ clientId: string; clientSecret?: string }> {
  const response = await fetch(`${site}/authed/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test Agent', redirect_uris: [TEST_REDIRECT], token_endpoint_auth_method: authMethod }),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
  const body = (await response.json()) as { client_id: string; client_secret?: string };
  return { clientId: body.client_id, ...(body.client_secret ? { clientSecret: body.client_secret } : {}) };
}

/** The authorize URL path for `clientId` with `challenge`; `redirect_uri` is sent unless `params` sets it undefined. */
export function authorizePath(clientId: string, challenge: string, params: Record<string, string | undefined> = {}): string {
  const all = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: TEST_REDIRECT,
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...params,
  };
  return `/authed/mcp/oauth/authorize?${new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined))}`;
}

/**
 * Opens the consent page as the signed-in `browser` and allows; returns the code the client
 * receives, and the consent form's fields (to replay them later).
 */
export async function consent(browser: Browser, path: string): Promise<{ code: string; fields: Record<string, string> }> {
  const page = await browser.get(path);
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}`);
  const fields = { ...hiddenFields(await page.text()), decision: 'allow' };
  const answer = await browser.post('/authed/mcp/oauth/authorize', fields);
  const code = new URL(answer.headers.get('location') ?? 'about:blank').searchParams.get('code');
  if (!code) throw new Error(`consent answered ${answer.status} ${answer.headers.get('location')}`);
  return { code, fields };
}
