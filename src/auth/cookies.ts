// Reading the Cookie header and writing Set-Cookie, with the attributes every docsite cookie shares.
import type { Request, Response } from 'express';

/** The value of cookie `name` on the request, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Where and how long a cookie lives. */
export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  /** Sent over https only (the site URL is https). */
  secure: boolean;
  path?: string;
}

/** Adds a `HttpOnly; SameSite=Lax` cookie to the response (never readable by page scripts). */
export function writeCookie(res: Response, name: string, value: string, { maxAge, secure, path = '/' }: CookieOptions): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  res.append('Set-Cookie', attributes.join('; '));
}
