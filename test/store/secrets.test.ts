// Secrets and password hashes: format, randomness, digests, constant-time checks, scrypt round trip.
import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../src/store/passwords.js';
import { digestOf, randomSecret, sameDigest, SECRET_LENGTH } from '../../src/store/secrets.js';

describe('randomSecret', () => {
  it('is the prefix and 43 base62 characters (256 bits), never repeating', () => {
    expect(SECRET_LENGTH).toBe(43);
    const secrets = Array.from({ length: 2000 }, () => randomSecret('docsite_'));
    for (const secret of secrets) expect(secret).toMatch(/^docsite_[0-9A-Za-z]{43}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('uses every base62 character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const char of randomSecret('')) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * 43) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
  });
});

describe('digests', () => {
  it('are hex SHA-256 and compare only when equal', () => {
    expect(digestOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sameDigest(digestOf('a'), digestOf('a'))).toBe(true);
    expect(sameDigest(digestOf('a'), digestOf('b'))).toBe(false);
    expect(sameDigest(digestOf('a'), digestOf('a').slice(0, 62))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });
});

describe('passwords', () => {
  it('hash with scrypt and a random salt, and verify', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain')).toBe(false);
    expect(await verifyPassword('', await decoyPasswordHash())).toBe(false);
  });

  it('verify with the parameters stored in the hash, so they can be raised later', async () => {
    const weak = (await hashPassword('pw')).replace('scrypt$32768$', 'scrypt$1024$');
    expect(await verifyPassword('pw', weak)).toBe(false);
  });
});
