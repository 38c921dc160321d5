// The MCP SDK's own OAuth client against /authed/mcp: discovery, registration, sign-in, consent, code, search, refresh.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, hiddenFields, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';

/** An MCP client's OAuth state, with a person at the browser who signs in and clicks Allow. */
class PersonAtTheBrowser implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:7788/callback';
  readonly clientMetadata = {
    client_name: 'SDK e2e client',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  code: string | undefined;
  consentPage = '';

  constructor(
    private readonly browser: Browser,
    private readonly user: [string, string],
  ) {}

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
    const login = await this.browser.get(url.href);
    expect(login.status).toBe(302);
    const returnTo = new URL(login.headers.get('location')!, url).searchParams.get('return_to')!;
    await this.browser.signIn(...this.user, returnTo);
    const consent = await this.browser.get(returnTo);
    this.consentPage = await consent.text();
    const answer = await this.browser.post('/authed/mcp/oauth/authorize', { ...hiddenFields(this.consentPage), decision: 'allow' });
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(this.redirectUrl);
    this.code = back.searchParams.get('code') ?? undefined;
  }
}

let runtime: AuthRuntime;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
});
afterAll(() => runtime?.close());

async function connect(provider: OAuthClientProvider): Promise<Client> {
  const client = new Client({ name: 'sdk-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${runtime.url}/authed/mcp`), { authProvider: provider }));
  return client;
}

describe('the SDK client with OAuth', () => {
  it('discovers, registers, signs in, gets consent, exchanges the code and searches as the user', async () => {
    const provider = new PersonAtTheBrowser(new Browser(runtime.url), ['ann', 'ann-password']);
    const transport = new StreamableHTTPClientTransport(new URL(`${runtime.url}/authed/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'sdk-e2e', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id).toBeTruthy();
    expect(provider.consentPage).toContain('<strong>SDK e2e client</strong>');
    expect(provider.code).toBeTruthy();
    await transport.finishAuth(provider.code!);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'mcp:search', expires_in: 3600 });

    const client = await connect(provider);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('search_acme');
    const result = (await client.callTool({ name: 'search_acme', arguments: { query: 'deprovision' } })) as { content: { text: string }[] };
    expect(result.content[0]!.text).toContain('/enterprise/sso');
    await client.close();
  });

  it('refreshes an expired access token by itself, rotating the refresh token', async () => {
    const provider = new PersonAtTheBrowser(new Browser(runtime.url), ['ann', 'ann-password']);
    const transport = new StreamableHTTPClientTransport(new URL(`${runtime.url}/authed/mcp`), { authProvider: provider });
    await new Client({ name: 'sdk-e2e', version: '1.0.0' }).connect(transport).catch(() => undefined);
    await transport.finishAuth(provider.code!);
    const before = provider.saved!;
    runtime.advance(3_601_000);
    const client = await connect(provider);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });
});
