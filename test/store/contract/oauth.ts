// Contract: OAuth clients, client credentials, authorization codes and tokens.
import { describe, expect, it } from 'vitest';
import { StoreInputError, type IssueTokensInput, type NewAuthorizationCode, type OAuthSubject } from '../../../src/store/index.js';
import { TestClock, type ContractContext } from './context.js';

const AUDIENCE = 'https://docs.example.com/authed/mcp';
/** A person whose groups come from an OIDC provider: the store takes them as issued (local users are in sessions.ts). */
const alice: OAuthSubject = { kind: 'user', userId: 'alice', groups: ['admin', 'billing'], provider: 'oidc' };

function tokenInput(clientId: string, subject: OAuthSubject = { kind: 'client-credential', clientId }): IssueTokensInput {
  return { clientId, subject, audience: AUDIENCE, scope: 'mcp:search', accessTtlSeconds: 3600, refreshTtlSeconds: 86_400 };
}

function codeInput(clientId: string): NewAuthorizationCode {
  return {
    clientId,
    redirectUri: 'http://127.0.0.1:33418/callback',
    redirectUriGiven: true,
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    subject: alice,
    scope: 'mcp:search',
    resource: AUDIENCE,
    ttlSeconds: 60,
  };
}

export function oauthContract(ctx: ContractContext): void {
  describe('OAuth clients and client credentials', () => {
    it('registers public and confidential clients and authenticates secrets', async () => {
      const { store } = await ctx.fresh();
      const cursor = await store.registerClient({
        name: 'Cursor',
        redirectUris: ['cursor://anysphere.cursor-retrieval/oauth/callback'],
        tokenEndpointAuthMethod: 'none',
      });
      expect(cursor).toMatchObject({ kind: 'registered', name: 'Cursor', clientSecret: null, grantTypes: ['authorization_code', 'refresh_token'] });
      const { clientSecret: _, ...client } = cursor;
      expect(await store.getClient(cursor.clientId)).toEqual(client);
      expect(await store.authenticateClient(cursor.clientId, '')).toBeUndefined();

      const web = await store.registerClient({ redirectUris: ['https://app.example.com/cb'] });
      expect(web.tokenEndpointAuthMethod).toBe('client_secret_basic');
      expect(web.clientSecret).toMatch(/^docsite_cs_[0-9A-Za-z]{43}$/);
      expect((await store.authenticateClient(web.clientId, web.clientSecret!))?.clientId).toBe(web.clientId);
      expect(await store.authenticateClient(web.clientId, web.clientSecret!.slice(0, -1))).toBeUndefined();
      expect(await store.authenticateClient(cursor.clientId, web.clientSecret!)).toBeUndefined();
      expect(await store.getClient('missing')).toBeUndefined();
    });

    it('creates client credentials shown once, stored hashed, listed without secrets', async () => {
      const { store, options } = await ctx.fresh();
      const created = await store.createClientCredential({ label: 'Support bot' });
      expect(created).toMatchObject({ label: 'Support bot' });
      expect((await store.authenticateClient(created.clientId, created.clientSecret))?.kind).toBe('credential');
      expect(await store.listClientCredentials()).toEqual([{ clientId: created.clientId, label: 'Support bot', createdAt: created.createdAt }]);
      const raw = JSON.stringify(await ctx.target.sql(options, 'SELECT * FROM oauth_clients'));
      expect(raw).not.toContain(created.clientSecret.slice(11, 35));
    });

    it('deleting a credential revokes every token issued to it, also as seen by a second store', async () => {
      const { store, options } = await ctx.fresh();
      const other = await ctx.open(options);
      const doomed = await store.createClientCredential({ label: 'doomed' });
      const kept = await store.createClientCredential({ label: 'kept' });
      const first = await store.issueTokens(tokenInput(doomed.clientId));
      const rotated = await store.rotateRefreshToken({
        refreshToken: first.refreshToken,
        clientId: doomed.clientId,
        accessTtlSeconds: 3600,
        refreshTtlSeconds: 86_400,
      });
      const keptTokens = await store.issueTokens(tokenInput(kept.clientId));
      expect(await other.verifyAccessToken(rotated!.accessToken, AUDIENCE)).toBeDefined();

      expect(await other.deleteClientCredential(doomed.clientId)).toBe(true);
      for (const token of [first.accessToken, rotated!.accessToken]) expect(await store.verifyAccessToken(token, AUDIENCE)).toBeUndefined();
      expect(
        await store.rotateRefreshToken({ refreshToken: rotated!.refreshToken, clientId: doomed.clientId, accessTtlSeconds: 60, refreshTtlSeconds: 60 }),
      ).toBeUndefined();
      expect(await store.authenticateClient(doomed.clientId, doomed.clientSecret)).toBeUndefined();
      expect(await store.verifyAccessToken(keptTokens.accessToken, AUDIENCE)).toBeDefined();
      expect((await store.listClientCredentials()).map((c) => c.clientId)).toEqual([kept.clientId]);
      expect(await store.deleteClientCredential(doomed.clientId)).toBe(false);
      const registered = await store.registerClient({ redirectUris: ['https://a.example/cb'] });
      expect(await store.deleteClientCredential(registered.clientId)).toBe(false);
    });
  });

  describe('OAuth tokens', () => {
    it('issues opaque tokens bound to an audience, stored only as digests', async () => {
      const { store, options } = await ctx.fresh();
      const { clientId } = await store.createClientCredential({ label: 'bot' });
      const tokens = await store.issueTokens(tokenInput(clientId));
      expect(tokens.accessToken).toMatch(/^docsite_at_[0-9A-Za-z]{43}$/);
      expect(tokens.refreshToken).toMatch(/^docsite_rt_[0-9A-Za-z]{43}$/);
      expect(tokens).toMatchObject({ expiresIn: 3600, scope: 'mcp:search' });
      expect(await store.verifyAccessToken(tokens.accessToken, AUDIENCE)).toMatchObject({
        clientId,
        scope: 'mcp:search',
        audience: AUDIENCE,
        subject: { kind: 'client-credential', clientId },
        grantId: tokens.grantId,
      });
      expect(await store.verifyAccessToken(tokens.accessToken, 'https://docs.example.com/mcp')).toBeUndefined();
      expect(await store.verifyAccessToken(tokens.refreshToken, AUDIENCE)).toBeUndefined();
      const raw = JSON.stringify(await ctx.target.sql(options, 'SELECT * FROM oauth_tokens'));
      for (const token of [tokens.accessToken, tokens.refreshToken]) expect(raw).not.toContain(token.slice(11, 35));
      await expect(store.issueTokens({ ...tokenInput(clientId), accessTtlSeconds: 0 })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.issueTokens(tokenInput('no-such-client'))).rejects.toBeInstanceOf(StoreInputError);
    });

    it('expires access and refresh tokens', async () => {
      const clock = new TestClock();
      const { store } = await ctx.fresh(clock);
      const { clientId } = await store.createClientCredential({ label: 'bot' });
      const tokens = await store.issueTokens({ ...tokenInput(clientId), accessTtlSeconds: 60, refreshTtlSeconds: 120 });
      clock.advance(59_999);
      expect(await store.verifyAccessToken(tokens.accessToken, AUDIENCE)).toBeDefined();
      clock.advance(1);
      expect(await store.verifyAccessToken(tokens.accessToken, AUDIENCE)).toBeUndefined();
      clock.advance(60_000);
      expect(await store.rotateRefreshToken({ refreshToken: tokens.refreshToken, clientId, accessTtlSeconds: 60, refreshTtlSeconds: 120 })).toBeUndefined();
      expect(await store.purgeExpiredOAuthState()).toBe(2);
    });

    it('rotates a refresh token once; replaying the old one revokes the whole grant', async () => {
      const { store } = await ctx.fresh();
      const { clientId } = await store.createClientCredential({ label: 'bot' });
      const other = await store.createClientCredential({ label: 'other' });
      const first = await store.issueTokens(tokenInput(clientId));
      const rotate = (refreshToken: string, id = clientId) =>
        store.rotateRefreshToken({ refreshToken, clientId: id, accessTtlSeconds: 600, refreshTtlSeconds: 86_400 });

      expect(await rotate(first.refreshToken, other.clientId)).toBeUndefined();
      const second = await rotate(first.refreshToken);
      expect(second).toMatchObject({ grantId: first.grantId, expiresIn: 600, scope: 'mcp:search' });
      expect(second!.refreshToken).not.toBe(first.refreshToken);
      expect(await store.verifyAccessToken(second!.accessToken, AUDIENCE)).toMatchObject({ clientId, subject: { kind: 'client-credential', clientId } });

      expect(await rotate(first.refreshToken)).toBeUndefined();
      expect(await store.verifyAccessToken(second!.accessToken, AUDIENCE)).toBeUndefined();
      expect(await rotate(second!.refreshToken)).toBeUndefined();
    });

    it('lets only one of two concurrent rotations of the same refresh token succeed', async () => {
      const { store, options } = await ctx.fresh();
      const other = await ctx.open(options);
      const { clientId } = await store.createClientCredential({ label: 'bot' });
      const { refreshToken } = await store.issueTokens(tokenInput(clientId));
      const input = { refreshToken, clientId, accessTtlSeconds: 600, refreshTtlSeconds: 600 };
      const results = await Promise.all([store.rotateRefreshToken(input), other.rotateRefreshToken(input), store.rotateRefreshToken(input)]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('revokes tokens (RFC 7009): an access token alone, a refresh token with its grant', async () => {
      const { store } = await ctx.fresh();
      const { clientId } = await store.createClientCredential({ label: 'bot' });
      const other = await store.createClientCredential({ label: 'other' });
      const a = await store.issueTokens(tokenInput(clientId));
      const b = await store.issueTokens(tokenInput(clientId));
      expect(await store.revokeToken({ token: a.accessToken, clientId: other.clientId })).toBe(false);
      expect(await store.revokeToken({ token: a.accessToken, clientId })).toBe(true);
      expect(await store.verifyAccessToken(a.accessToken, AUDIENCE)).toBeUndefined();
      expect(await store.rotateRefreshToken({ refreshToken: a.refreshToken, clientId, accessTtlSeconds: 60, refreshTtlSeconds: 60 })).toBeDefined();
      expect(await store.revokeToken({ token: b.refreshToken })).toBe(true);
      expect(await store.verifyAccessToken(b.accessToken, AUDIENCE)).toBeUndefined();
      expect(await store.revokeToken({ token: 'docsite_at_unknown' })).toBe(false);
    });
  });

  describe('authorization codes', () => {
    it('redeems a code once with everything the token endpoint must check', async () => {
      const { store, options } = await ctx.fresh();
      const client = await store.registerClient({ name: 'Claude', redirectUris: ['http://127.0.0.1/callback'], tokenEndpointAuthMethod: 'none' });
      const code = await store.createAuthorizationCode(codeInput(client.clientId));
      expect(JSON.stringify(await ctx.target.sql(options, 'SELECT * FROM oauth_codes'))).not.toContain(code.slice(0, 30));
      const redeemed = await store.consumeAuthorizationCode(code);
      const { ttlSeconds: _, ...expected } = codeInput(client.clientId);
      expect(redeemed).toMatchObject(expected);
      const tokens = await store.issueTokens({ ...tokenInput(client.clientId, redeemed!.subject), grantId: redeemed!.grantId });
      expect((await store.verifyAccessToken(tokens.accessToken, AUDIENCE))?.subject).toEqual(alice);

      expect(await store.consumeAuthorizationCode(code)).toBeUndefined();
      expect(await store.verifyAccessToken(tokens.accessToken, AUDIENCE)).toBeUndefined();
      expect(await store.consumeAuthorizationCode('not-a-code')).toBeUndefined();
    });

    it('refuses an expired code', async () => {
      const clock = new TestClock();
      const { store } = await ctx.fresh(clock);
      const client = await store.registerClient({ redirectUris: ['http://127.0.0.1/callback'], tokenEndpointAuthMethod: 'none' });
      const code = await store.createAuthorizationCode(codeInput(client.clientId));
      clock.advance(60_000);
      expect(await store.consumeAuthorizationCode(code)).toBeUndefined();
    });
  });
}
