// Browser sessions: an HttpOnly cookie holding a random session id; the session itself lives in the Store, so it can be ended there.
import type { Request, Response } from 'express';
import type { IdentityProviderKind, SessionStore } from '../store/index.js';
import { readCookie, writeCookie } from './cookies.js';

/** A person signed in through the site's identity provider. */
export interface SessionUser {
  /** Stable id: the local username, or the OIDC `sub`. */
  id: string;
  /** What the site shows as their name. */
  name: string;
  groups: string[];
}

/** The signed-in user of a live session, with where their identity came from and how long the session lasts. */
export interface SignedInUser extends SessionUser {
  provider: IdentityProviderKind;
  /** ISO 8601: when the session ends at the latest. */
  expiresAt: string;
}

/** Reads, starts and ends browser sessions. */
export interface Sessions {
  /**
   * The signed-in user of the request, else undefined. Looked up in the Store once per request
   * (later calls share the answer); a local user's groups are the ones they have now.
   */
  read(req: Request): Promise<SignedInUser | undefined>;
  /** Starts a session for `user` and sets its cookie. */
  start(req: Request, res: Response, user: SessionUser): Promise<void>;
  /** Ends the request's session in the Store (a copy of the cookie stops working at once) and deletes the cookie. */
  end(req: Request, res: Response): Promise<void>;
}

/** Where sessions are kept, whose they are, how long they last, and how to tell an https request. */
export interface SessionOptions {
  store: Pick<SessionStore, 'createSession' | 'getSession' | 'deleteSession'>;
  /** The site's identity provider: `local` sessions last only while the user exists. */
  provider: IdentityProviderKind;
  lifetimeSeconds: number;
  /** Whether the request reached the site over https (cookies are then Secure and `__Host-` prefixed). */
  isSecure(req: Request): boolean;
}

/** The shape of a session id (256 random bits in base62); anything else is not looked up. */
const SESSION_ID = /^[0-9A-Za-z]{43}$/;

/**
 * Sessions in the Store, shared by every instance using it. The cookie carries only the random
 * session id (the Store keeps its digest). They end at sign-out, at user removal, or after
 * `lifetimeSeconds`.
 */
export function createSessions({ store, provider, lifetimeSeconds, isSecure }: SessionOptions): Sessions {
  const nameOf = (req: Request): string => (isSecure(req) ? '__Host-docsite_session' : 'docsite_session');
  const idOf = (req: Request): string | undefined => {
    const id = readCookie(req, nameOf(req));
    return id !== undefined && SESSION_ID.test(id) ? id : undefined;
  };
  const known = new WeakMap<Request, Promise<SignedInUser | undefined>>();
  const lookUp = async (id: string | undefined): Promise<SignedInUser | undefined> => {
    const session = id === undefined ? undefined : await store.getSession(id);
    return session && { id: session.userId, name: session.name, groups: session.groups, provider: session.provider, expiresAt: session.expiresAt };
  };
  return {
    read(req) {
      let user = known.get(req);
      if (!user) known.set(req, (user = lookUp(idOf(req))));
      return user;
    },
    async start(req, res, user) {
      const session = await store.createSession({ userId: user.id, name: user.name, groups: user.groups, provider, ttlSeconds: lifetimeSeconds });
      writeCookie(res, nameOf(req), session.id, { maxAge: lifetimeSeconds, secure: isSecure(req) });
      known.set(req, Promise.resolve({ ...user, groups: session.groups, provider, expiresAt: session.expiresAt }));
    },
    async end(req, res) {
      const id = idOf(req);
      if (id !== undefined) await store.deleteSession(id);
      writeCookie(res, nameOf(req), '', { maxAge: 0, secure: isSecure(req) });
      known.set(req, Promise.resolve(undefined));
    },
  };
}
