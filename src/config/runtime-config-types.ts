// The runtime config of `docsite serve` once loaded: defaults applied, secrets resolved.

/** An allowed OAuth redirect target (SPEC.md 5.4), parsed from one `oauth.allowedRedirectUris` entry. */
export interface AllowedRedirect {
  /** The entry as written. */
  entry: string;
  /** Lower-case scheme with its colon: `https:` for a bare host name. */
  protocol: string;
  /** Lower-case host with a port when one was written; empty for URIs without an authority. */
  host: string;
  /** The exact path required, or undefined when any path is allowed. */
  path: string | undefined;
}

/** Users managed with `docsite users`, stored in the Store. */
export interface LocalProviderConfig {
  type: 'local';
}

/** An upstream OpenID Connect provider; sign-in by authorization code with PKCE. */
export interface OidcProviderConfig {
  type: 'oidc';
  issuer: string;
  clientId: string;
  /** Resolved from its reference; undefined for a public client. */
  clientSecret: string | undefined;
  /** Always includes `openid`. */
  scopes: string[];
  groupsClaim: string;
  usernameClaim: string;
}

export type IdentityProviderConfig = LocalProviderConfig | OidcProviderConfig;

/** Site authentication, when it is on. */
export interface AuthenticationConfig {
  provider: IdentityProviderConfig;
  /** The identity provider's group whose members may use the owner's dashboard. */
  ownersGroup: string;
  session: {
    /** Resolved session signing key; undefined: a random key per process. */
    secret: string | undefined;
    lifetimeSeconds: number;
  };
}

/** Lifetimes of what the OAuth authorization server issues, in seconds. */
export interface TokenLifetimes {
  accessToken: number;
  clientCredentialAccessToken: number;
  refreshToken: number;
  authorizationCode: number;
}

/** The quotas `docsite serve` enforces: SPEC.md 8's five, and its own on OAuth, analytics, the playground proxy, and the reader's search box, Ask AI panel and page feedback. */
export type QuotaName =
  | 'mcpPerUser'
  | 'search'
  | 'filesystem'
  | 'authedSearch'
  | 'authedFilesystem'
  | 'oauthToken'
  | 'oauthRegister'
  | 'analytics'
  | 'playgroundProxy'
  | 'readerSearch'
  | 'readerAssistant'
  | 'readerFeedback';

/** What happens to limited requests while the rate limiter's Redis cannot be reached. */
export type LimiterFailurePolicy = 'open' | 'closed';

/** Rate limits: requests per rolling window, by quota. */
export interface RateLimitsConfig {
  windowSeconds: number;
  quotas: Record<QuotaName, number>;
  onLimiterFailure: LimiterFailurePolicy;
  /** Prefix of the limiter's Redis keys. */
  redisKeyPrefix: string;
}

/** An owner setting (`docsite settings`, the dashboard) that the runtime config can fix: `mcp.enabled`, `oauth.allowedRedirectUris`. */
export type FixableSetting = 'mcpEnabled' | 'redirectUris';

/** Everything `docsite serve` reads from the runtime config. */
export interface RuntimeConfig {
  /** The file it came from; undefined for the defaults. */
  file: string | undefined;
  siteUrl: string | undefined;
  projectId: string | undefined;
  /** Undefined when authentication is off. */
  authentication: AuthenticationConfig | undefined;
  mcp: { enabled: boolean };
  /** The Ask AI panel of the pages and its endpoint, `POST /_docsite/assistant`. */
  assistant: { enabled: boolean };
  /** Search analytics: whether signed-in readers' search texts are kept (anonymous readers' and public agents' always are). */
  analytics: { storeSignedInQueries: boolean };
  oauth: { allowedRedirects: AllowedRedirect[]; tokenLifetimes: TokenLifetimes };
  /** Owner settings whose value this file fixes (`settings.fixed`): stored values of these are refused and ignored. */
  fixedSettings: FixableSetting[];
  rateLimits: RateLimitsConfig;
}
