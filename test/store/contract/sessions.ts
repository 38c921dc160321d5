// Contract: browser sessions kept by id digest, and local users whose sessions, codes and tokens last only while they do, with the groups they have now.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StoreInputError, type NewAuthorizationCode, type NewSession, type OAuthSubject, type Store } from '../../../src/store/index.js';
import { TestClock, type ContractContext } from './context.js';

const AUDIENCE = 'https://docs.example.com/authed/mcp';
const ann: NewSession = { userId: 'ann', name: 'ann', groups: ['staff', 'staff'], provider: 'local', ttlSeconds: 3600 };
const annSubject: OAuthSubject = { kind: 'user', userId: 'ann', groups: ['staff'], provider: 'local' };

/** A public client, and helpers to issue tokens and codes to it for `subject`. */
async function clientOf(store: Store) {
  const { clientId } = await store.registerClient({ redirectUris: ['http://127.0.0.1:1/cb'], tokenEndpointAuthMethod: 'none' });
  const code = (subject: OAuthSubject, redirectUriGiven = false): NewAuthorizationCode => ({
    clientId,
    redirectUri: 'http://127.0.0.1:1/cb',
    redirectUriGiven,
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    subject,
    scope: 'mcp:search',
    resource: AUDIENCE,
    ttlSeconds: 60,
  });
  return {
    clientId,
    /** A pending authorization code for `subject`, not yet redeemed. */
    code: (subject: OAuthSubject, redirectUriGiven?: boolean) => store.createAuthorizationCode(code(subject, redirectUriGiven)),
    issue: (subject: OAuthSubject, refreshTtlSeconds = 86_400) =>
      store.issueTokens({ clientId, subject, audience: AUDIENCE, scope: 'mcp:search', accessTtlSeconds: 3600, refreshTtlSeconds }),
    rotate: (refreshToken: string) => store.rotateRefreshToken({ refreshToken, clientId, accessTtlSeconds: 3600, refreshTtlSeconds: 86_400 }),
    redeem: async (subject: OAuthSubject) => store.consumeAuthorizationCode(await store.createAuthorizationCode(code(subject))),
  };
}

export function sessionsContract(ctx: ContractContext): void {
  describe('browser sessions', () => {
    it('starts, reads and ends a session, keeping only a digest of its id', async () => {
      const { store, options } = await ctx.fresh();
      await store.addUser({ username: 'ann', password: 'pw', groups: ['staff'] });
      const session = await store.createSession(ann);
      expect(session).toMatchObject({ userId: 'ann', name: 'ann', groups: ['staff'], provider: 'local' });
      expect(session.id).toMatch(/^[0-9A-Za-z]{43}$/);
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(3_600_000);
      const { id, ...stored } = session;
      expect(await store.getSession(id)).toEqual(stored);
      const rows = await ctx.target.sql(options, 'SELECT * FROM sessions');
      expect(JSON.stringify(rows)).not.toContain(id);
      expect(rows[0]!.id_digest).toBe(createHash('sha256').update(id).digest('hex'));

      expect(await store.getSession(id.slice(1))).toBeUndefined();
      expect(await store.getSession('x'.repeat(10_000))).toBeUndefined();
      expect(await store.deleteSession(id)).toBe(true);
      expect(await store.getSession(id)).toBeUndefined();
      expect(await store.deleteSession(id)).toBe(false);
      await expect(store.createSession({ ...ann, ttlSeconds: 0 })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.createSession({ ...ann, userId: '' })).rejects.toBeInstanceOf(StoreInputError);
    });

    it('ends sessions when they expire and prunes expired ones', async () => {
      const clock = new TestClock();
      const { store, options } = await ctx.fresh(clock);
      await store.addUser({ username: 'ann', password: 'pw' });
      const short = await store.createSession({ ...ann, ttlSeconds: 60 });
      await store.createSession({ ...ann, ttlSeconds: 60 });
      clock.advance(59_999);
      expect(await store.getSession(short.id)).toBeDefined();
      clock.advance(1);
      expect(await store.getSession(short.id)).toBeUndefined();
      expect(await store.purgeExpiredSessions()).toBe(1);
      await store.createSession({ ...ann, ttlSeconds: 60 });
      clock.advance(60_000);
      // A sign-in deletes the sessions that have expired meanwhile.
      const last = await store.createSession(ann);
      expect(await ctx.target.sql(options, 'SELECT user_id FROM sessions')).toHaveLength(1);
      expect(await store.getSession(last.id)).toBeDefined();
    });

    it("keeps an OIDC user's groups as the provider reported them", async () => {
      const { store } = await ctx.fresh();
      const session = await store.createSession({ userId: 'sub-1', name: 'ann@example.com', groups: ['finance'], provider: 'oidc', ttlSeconds: 60 });
      expect(await store.getSession(session.id)).toMatchObject({ userId: 'sub-1', groups: ['finance'], provider: 'oidc' });
    });
  });

  describe('local users last only while they exist, with the groups they have now', () => {
    it('gives sessions, codes, access tokens and refreshed tokens the groups a user has now', async () => {
      const { store, options } = await ctx.fresh();
      await store.addUser({ username: 'ann', password: 'pw', groups: ['staff'] });
      const client = await clientOf(store);
      const session = await store.createSession(ann);
      const tokens = await client.issue(annSubject);
      await ctx.target.sql(options, `UPDATE users SET group_names = '["finance"]' WHERE username = 'ann'`);
      expect((await store.getSession(session.id))?.groups).toEqual(['finance']);
      expect((await store.verifyAccessToken(tokens.accessToken, AUDIENCE))?.subject).toEqual({ ...annSubject, groups: ['finance'] });
      expect((await client.redeem(annSubject))?.subject).toEqual({ ...annSubject, groups: ['finance'] });
      const rotated = await client.rotate(tokens.refreshToken);
      expect(rotated).toBeDefined();
      expect((await store.verifyAccessToken(rotated!.accessToken, AUDIENCE))?.subject).toEqual({ ...annSubject, groups: ['finance'] });
      // Tokens issued before providers were recorded are a local user's too.
      const legacy = await client.issue({ kind: 'user', userId: 'ann', groups: [] });
      expect((await store.verifyAccessToken(legacy.accessToken, AUDIENCE))?.subject).toMatchObject({ groups: ['finance'] });
    });

    it('ends everything of a removed user at once, as a second process sees it', async () => {
      const { store, options } = await ctx.fresh();
      const other = await ctx.open(options);
      await store.addUser({ username: 'ann', password: 'pw' });
      await store.addUser({ username: 'bob', password: 'pw' });
      const client = await clientOf(store);
      const session = await store.createSession(ann);
      const bobSession = await store.createSession({ ...ann, userId: 'bob', name: 'bob' });
      const tokens = await client.issue(annSubject);
      const pendingCode = await client.code(annSubject);
      expect(await other.removeUser('ANN')).toBe(true);
      expect(await store.getSession(session.id)).toBeUndefined();
      expect(await store.verifyAccessToken(tokens.accessToken, AUDIENCE)).toBeUndefined();
      expect(await client.rotate(tokens.refreshToken)).toBeUndefined();
      expect(await store.consumeAuthorizationCode(pendingCode)).toBeUndefined();
      expect(await ctx.target.sql(options, "SELECT user_id FROM sessions WHERE user_id = 'ann'")).toEqual([]);
      expect(await store.getSession(bobSession.id)).toBeDefined();
    });

    it('refuses what was issued to a removed user afterwards (a sign-in or consent racing the removal)', async () => {
      const { store } = await ctx.fresh();
      await store.addUser({ username: 'ann', password: 'pw' });
      await store.removeUser('ann');
      const client = await clientOf(store);
      const session = await store.createSession(ann);
      const tokens = await client.issue(annSubject);
      expect(await store.getSession(session.id)).toBeUndefined();
      expect(await client.redeem(annSubject)).toBeUndefined();
      expect(await store.verifyAccessToken(tokens.accessToken, AUDIENCE)).toBeUndefined();
      expect(await client.rotate(tokens.refreshToken)).toBeUndefined();
      // A new user of the same name does not inherit the old grant.
      await store.addUser({ username: 'ann', password: 'pw2' });
      expect(await client.rotate(tokens.refreshToken)).toBeUndefined();
    });
  });

  describe('OIDC users', () => {
    it('end their grant with the sign-in it came from, however often it is refreshed', async () => {
      const clock = new TestClock();
      const { store } = await ctx.fresh(clock);
      const client = await clientOf(store);
      const signInExpiresAt = new Date(clock.ms + 7_200_000).toISOString();
      const subject: OAuthSubject = { kind: 'user', userId: 'sub-1', groups: ['finance'], provider: 'oidc', signInExpiresAt };
      const tokens = await client.issue(subject, 30 * 86_400);
      expect(tokens.refreshExpiresAt).toBe(signInExpiresAt);
      expect((await store.verifyAccessToken(tokens.accessToken, AUDIENCE))?.subject).toEqual(subject);
      clock.advance(5_400_000);
      const rotated = await client.rotate(tokens.refreshToken);
      expect(rotated).toMatchObject({ expiresIn: 1800, accessExpiresAt: signInExpiresAt, refreshExpiresAt: signInExpiresAt });
      clock.advance(1_800_000);
      expect(await store.verifyAccessToken(rotated!.accessToken, AUDIENCE)).toBeUndefined();
      expect(await client.rotate(rotated!.refreshToken)).toBeUndefined();
      expect(await client.redeem(subject)).toBeUndefined();
    });
  });

  describe('authorization codes', () => {
    it('remember whether the authorization request named the redirect URI', async () => {
      const { store } = await ctx.fresh();
      await store.addUser({ username: 'ann', password: 'pw' });
      const client = await clientOf(store);
      for (const redirectUriGiven of [true, false]) {
        const code = await client.code(annSubject, redirectUriGiven);
        expect((await store.consumeAuthorizationCode(code))?.redirectUriGiven).toBe(redirectUriGiven);
      }
    });
  });
}
