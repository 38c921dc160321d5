// Signed cookie values, and browser sessions: a random id in the cookie, the session in the Store, the cookie attributes per scheme.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessions, createSigner } from '../../src/auth/index.js';
import { openStore, type Store } from '../../src/store/index.js';

describe('signed values', () => {
  it('verifies what it signed, for the same purpose, until it expires', () => {
    let now = 1_000_000;
    const signer = createSigner('k'.repeat(32), () => now);
    const token = signer.sign('session', { sub: 'ann' }, 60);
    expect(signer.verify('session', token)).toMatchObject({ sub: 'ann' });
    expect(signer.verify('oidc', token)).toBeUndefined();
    expect(createSigner('x'.repeat(32), () => now).verify('session', token)).toBeUndefined();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'eve', exp: now + 60_000 })).toString('base64url');
    expect(signer.verify('session', `${forged}.${mac}`)).toBeUndefined();
    expect(signer.verify('session', `${body}.${mac!.slice(1)}`)).toBeUndefined();
    now += 60_001;
    expect(signer.verify('session', token)).toBeUndefined();
  });
});

describe('session cookies', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'docsite-sessions-')) });
    await store.addUser({ username: 'ann', password: 'pw', groups: ['staff'] });
  });
  afterAll(() => store?.close());

  /** Starts a session for ann on a request over http or https; returns the Set-Cookie header, then what reading and ending it give. */
  async function roundTrip(secure: boolean): Promise<{ setCookie: string; read: unknown; afterEnd: unknown }> {
    const sessions = createSessions({ store, provider: 'local', lifetimeSeconds: 3600, isSecure: () => secure });
    const app = express()
      .get('/start', async (req, res) => {
        await sessions.start(req, res, { id: 'ann', name: 'ann', groups: ['staff'] });
        res.end();
      })
      .get('/read', async (req, res) => void res.json((await sessions.read(req)) ?? null))
      .get('/end', async (req, res) => {
        await sessions.end(req, res);
        res.end();
      });
    const server = app.listen(0);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const setCookie = (await fetch(`${base}/start`)).headers.get('set-cookie')!;
      const cookie = setCookie.split(';')[0]!;
      const read = await (await fetch(`${base}/read`, { headers: { cookie } })).json();
      await fetch(`${base}/end`, { headers: { cookie } });
      const afterEnd = await (await fetch(`${base}/read`, { headers: { cookie } })).json();
      return { setCookie, read, afterEnd };
    } finally {
      server.close();
    }
  }

  it('is HttpOnly and SameSite=Lax, and Secure with the __Host- prefix when the site is https', async () => {
    expect((await roundTrip(false)).setCookie).toMatch(/^docsite_session=[0-9A-Za-z]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    expect((await roundTrip(true)).setCookie).toMatch(/^__Host-docsite_session=[0-9A-Za-z]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
  });

  it('carries only a random id: the user, groups and expiry are read from the Store, and ending it there ends it', async () => {
    const { setCookie, read, afterEnd } = await roundTrip(false);
    expect(setCookie).not.toMatch(/ann|staff/);
    expect(read).toEqual({ id: 'ann', name: 'ann', groups: ['staff'], provider: 'local', expiresAt: expect.any(String) });
    expect(afterEnd).toBeNull();
  });
});
