// Signed cookie values and browser sessions: tampering, expiry, purposes, and the cookie attributes per scheme.
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createSessions, createSigner } from '../../src/auth/index.js';

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
  /** The Set-Cookie header a session start writes, for a request over http or https. */
  async function setCookie(secure: boolean): Promise<string> {
    const sessions = createSessions({ signer: createSigner('k'.repeat(32)), lifetimeSeconds: 3600, isSecure: () => secure });
    const app = express().get('/', (req, res) => {
      sessions.start(req, res, { id: 'ann', name: 'ann', groups: ['staff'] });
      res.end();
    });
    const server = app.listen(0);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const response = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
      return response.headers.get('set-cookie')!;
    } finally {
      server.close();
    }
  }

  it('is HttpOnly and SameSite=Lax, and Secure with the __Host- prefix when the site is https', async () => {
    expect(await setCookie(false)).toMatch(/^docsite_session=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    expect(await setCookie(true)).toMatch(/^__Host-docsite_session=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
  });
});
