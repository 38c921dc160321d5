// Browser sessions: a signed, expiring cookie naming the signed-in user and their groups.
import type { Request, Response } from 'express';
import { readCookie, writeCookie } from './cookies.js';
import type { Signer } from './signed-value.js';

/** A person signed in through the site's identity provider. */
export interface SessionUser {
  /** Stable id: the local username, or the OIDC `sub`. */
  id: string;
  /** What the site shows as their name. */
  name: string;
  groups: string[];
}

/** Reads, starts and ends browser sessions. */
export interface Sessions {
  read(req: Request): SessionUser | undefined;
  start(req: Request, res: Response, user: SessionUser): void;
  end(req: Request, res: Response): void;
}

/** The key and lifetime of sessions, and how to tell an https request. */
export interface SessionOptions {
  signer: Signer;
  lifetimeSeconds: number;
  /** Whether the request reached the site over https (cookies are then Secure and `__Host-` prefixed). */
  isSecure(req: Request): boolean;
}

const PURPOSE = 'session';

/**
 * Sessions in a signed cookie: no server-side state, so every instance sharing the session
 * secret accepts them. They end at sign-out or after `lifetimeSeconds`.
 */
export function createSessions({ signer, lifetimeSeconds, isSecure }: SessionOptions): Sessions {
  const nameOf = (req: Request): string => (isSecure(req) ? '__Host-docsite_session' : 'docsite_session');
  return {
    read(req) {
      const value = signer.verify<{ sub?: unknown; name?: unknown; groups?: unknown }>(PURPOSE, readCookie(req, nameOf(req)));
      if (!value || typeof value.sub !== 'string' || typeof value.name !== 'string' || !Array.isArray(value.groups)) return undefined;
      return { id: value.sub, name: value.name, groups: value.groups.filter((group): group is string => typeof group === 'string') };
    },
    start(req, res, user) {
      const token = signer.sign(PURPOSE, { sub: user.id, name: user.name, groups: user.groups }, lifetimeSeconds);
      writeCookie(res, nameOf(req), token, { maxAge: lifetimeSeconds, secure: isSecure(req) });
    },
    end(req, res) {
      writeCookie(res, nameOf(req), '', { maxAge: 0, secure: isSecure(req) });
    },
  };
}
