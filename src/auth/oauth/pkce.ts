// PKCE (RFC 7636), S256 only: OAuth 2.1 refuses `plain`.
import { createHash } from 'node:crypto';
import { sameText } from '../signed-value.js';

/** The characters and length RFC 7636 allows for verifiers (and S256 challenges are 43 of them). */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

/** Whether `challenge` has the shape of an S256 code challenge. */
export function isS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

/** Whether `verifier` is well formed and its SHA-256 (base64url) is `challenge`. */
export function verifiesS256(verifier: string, challenge: string): boolean {
  return VERIFIER.test(verifier) && sameText(createHash('sha256').update(verifier, 'ascii').digest('base64url'), challenge);
}
