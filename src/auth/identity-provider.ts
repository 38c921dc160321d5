// The identity provider interface: how people prove who they are before a session starts.
import type { Router } from 'express';

/**
 * A way of signing people in. Its router serves `AUTH_PATHS.login` (a form, or a redirect to an
 * upstream provider) and whatever else it needs; on success it starts a session through
 * `Sessions.start` and redirects to the `return_to` the sign-in began with.
 */
export interface IdentityProvider {
  readonly kind: 'local' | 'oidc';
  readonly router: Router;
}
