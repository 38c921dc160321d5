// The MCP SDK's own OAuth client against /authed/mcp, with a person in Chromium: discovery, registration,
// sign-in and consent in the browser, the code at the client's loopback redirect URI, search as the user, refresh.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { describeInChromium } from '../helpers/browser.js';
import { freshPage, submitSignIn } from '../helpers/browser-auth.js';
import { startOAuthCallback, type OAuthCallback } from '../helpers/oauth-callback.js';

/** An MCP client's OAuth state; "opening the browser" hands the authorization URL to a person in Chromium who signs in and clicks Allow. */
class ClientWithPersonAtBrowser implements OAuthClientProvider {
  readonly clientMetadata;
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  consentText = '';

  constructor(
    private readonly browser: Browser,
    private readonly callback: OAuthCallback,
    private readonly user: [string, string],
  ) {
    this.clientMetadata = {
      client_name: 'SDK e2e client',
      redirect_uris: [callback.url],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  get redirectUrl(): string {
    return this.callback.url;
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const { context, page } = await freshPage(this.browser);
    await page.goto(url.href);
    await submitSignIn(page, ...this.user);
    this.consentText = await page.locator('main').innerText();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${this.callback.url}?**`);
    await context.close();
  }
}

let runtime: AuthRuntime;
let callback: OAuthCallback;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
  await runtime.store.addUser({ username: 'root', password: 'root-password', groups: ['admins'] });
  callback = await startOAuthCallback();
});
afterAll(async () => {
  await callback?.close();
  await runtime?.close();
});

describeInChromium('the SDK client with OAuth, a person at Chromium', (browser) => {
  /** Runs the client's first connection to the end of the browser step; returns the provider, the transport and the code the redirect URI got. */
  async function authorize(user: [string, string]) {
    const provider = new ClientWithPersonAtBrowser(browser(), callback, user);
    const transport = new StreamableHTTPClientTransport(new URL(`${runtime.url}/authed/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'sdk-e2e', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const back = await callback.next();
    return { provider, transport, code: back.searchParams.get('code')! };
  }

  async function connect(provider: OAuthClientProvider): Promise<Client> {
    const client = new Client({ name: 'sdk-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${runtime.url}/authed/mcp`), { authProvider: provider }));
    return client;
  }

  async function search(client: Client, query: string): Promise<string> {
    const result = (await client.callTool({ name: 'search_acme', arguments: { query } })) as { content: { text: string }[] };
    return result.content.map((part) => part.text).join('\n');
  }

  it('discovers, registers, signs in and consents in the browser, exchanges the code and searches with the user’s groups', async () => {
    const { provider, transport, code } = await authorize(['ann', 'ann-password']);
    expect(provider.information?.client_id).toBeTruthy();
    expect(provider.consentText).toContain('SDK e2e client wants to search and read');
    expect(code).toBeTruthy();
    await transport.finishAuth(code);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'mcp:search', expires_in: 3600 });

    const client = await connect(provider);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('search_acme');
    expect(await search(client, 'deprovision')).toContain('/enterprise/sso');
    expect(await search(client, 'hash-chained')).not.toContain('/enterprise/audit-logs');
    await client.close();
  });

  it('gives a member of another group that group’s pages instead', async () => {
    const { provider, transport, code } = await authorize(['root', 'root-password']);
    await transport.finishAuth(code);
    const client = await connect(provider);
    expect(await search(client, 'hash-chained')).toContain('/enterprise/audit-logs');
    await client.close();
  });

  it('refreshes an expired access token by itself, rotating the refresh token', async () => {
    const { provider, transport, code } = await authorize(['ann', 'ann-password']);
    await transport.finishAuth(code);
    const before = provider.saved!;
    runtime.advance(3_601_000);
    const client = await connect(provider);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });
});
