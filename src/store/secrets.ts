// Random secrets (keys, tokens, codes), their SHA-256 digests, and constant-time digest comparison.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Characters of randomness in every secret: 43 base62 characters carry 256 bits. */
export const SECRET_LENGTH = Math.ceil(256 / Math.log2(62));

/**
 * `prefix` followed by 256 bits of randomness in base62. Bytes are drawn by rejection sampling
 * (below 248 = 4 × 62), so every character is uniform.
 */
export function randomSecret(prefix: string): string {
  const length = SECRET_LENGTH;
  let out = prefix;
  while (out.length < prefix.length + length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && out.length < prefix.length + length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * Hex SHA-256 of a secret. A fast hash is right for secrets we generate with ≥128 bits of
 * randomness: guessing one from its digest costs 2^128 tries however fast the hash is, and a
 * deterministic digest can be looked up through an index on every request. Slow, salted hashes
 * (scrypt, see passwords.ts) are for low-entropy secrets people choose.
 */
export function digestOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether two hex digests are equal, in time independent of where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
