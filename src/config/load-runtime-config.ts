// Reads and validates the runtime config of `docsite serve`, with diagnostics pointing into the file.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { compareDiagnostics, diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { UsageError } from '../errors.js';
import { MAX_JSON_DEPTH, parseJsonSource } from './json-source.js';
import { parseRedirectEntry } from './redirect-entries.js';
import type { AuthenticationConfig, FixableSetting, IdentityProviderConfig, LimiterFailurePolicy, QuotaName, RuntimeConfig } from './runtime-config-types.js';
import { formatPath, schemaDiagnostics, type SourceLocator } from './schema-diagnostics.js';
import { schemaValidator } from './schemas.js';
import { resolveSecret, type SecretRef, type SecretSource } from './secret-ref.js';

/** The runtime config's default file name in a docs folder. */
export const RUNTIME_CONFIG_FILE = 'docsite.config.json';

/** Shortest session signing key accepted. */
const MIN_SESSION_SECRET = 32;

/** Where secrets live, by JSON path in the file. */
const SECRET_PATHS = [
  ['authentication', 'provider', 'clientSecret'],
  ['authentication', 'session', 'secret'],
] as const;

/** The settings used without a config file: authentication off, MCP on, default lifetimes. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  file: undefined,
  siteUrl: undefined,
  projectId: undefined,
  authentication: undefined,
  mcp: { enabled: true },
  assistant: { enabled: true },
  analytics: { storeSignedInQueries: false },
  oauth: {
    allowedRedirects: [],
    tokenLifetimes: { accessToken: 3600, clientCredentialAccessToken: 1_209_600, refreshToken: 2_592_000, authorizationCode: 60 },
  },
  fixedSettings: [],
  rateLimits: {
    windowSeconds: 3600,
    // SPEC.md 8 (per hour), then docsite's own: OAuth and the playground proxy per client address,
    // analytics per project, the search box per client address (a search typed out is a request every few keystrokes),
    // Ask AI per client address (a question is a model call: a reader asks a few, a script thousands),
    // page feedback per client address (a reader answers once a page: an hour of reading leaves room to spare).
    quotas: {
      mcpPerUser: 5000,
      search: 10_000,
      filesystem: 10_000,
      authedSearch: 5000,
      authedFilesystem: 5000,
      oauthToken: 300,
      oauthRegister: 30,
      analytics: 1000,
      playgroundProxy: 600,
      readerSearch: 5000,
      readerAssistant: 100,
      readerFeedback: 60,
    },
    onLimiterFailure: 'open',
    redisKeyPrefix: 'docsite:ratelimit:',
  },
};

/** The outcome of reading a runtime config: the config when it has no errors, and every problem found. */
export interface RuntimeConfigResult {
  config: RuntimeConfig | undefined;
  diagnostics: Diagnostic[];
}

/** The file as the schema describes it (after validation). */
interface RuntimeConfigFile {
  siteUrl?: string;
  projectId?: string;
  authentication?: {
    enabled?: boolean;
    provider: {
      type: 'local' | 'oidc';
      issuer?: string;
      clientId?: string;
      clientSecret?: SecretRef;
      scopes?: string[];
      groupsClaim?: string;
      usernameClaim?: string;
    };
    session?: { secret?: SecretRef; lifetimeSeconds?: number };
    ownersGroup?: string;
  };
  mcp?: { enabled?: boolean };
  assistant?: { enabled?: boolean };
  analytics?: { storeSignedInQueries?: boolean };
  oauth?: { allowedRedirectUris?: string[]; tokenLifetimes?: Partial<RuntimeConfig['oauth']['tokenLifetimes']> };
  settings?: { fixed?: FixableSetting[] };
  rateLimits?: Partial<Record<QuotaName, number>> & { windowSeconds?: number; onLimiterFailure?: LimiterFailurePolicy; redisKeyPrefix?: string };
}

/**
 * Validates the text of a runtime config named `file` (as diagnostics should show it). Secret
 * references are resolved from `source`; messages never contain a secret's value.
 */
export function parseRuntimeConfig(text: string, file: string, source: SecretSource): RuntimeConfigResult {
  const json = parseJsonSource(text);
  if (json.tooDeep) {
    const message = `${file} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`;
    return { config: undefined, diagnostics: [diagnostic('runtime-config/invalid-json', file, json.tooDeep, message)] };
  }
  if (json.errors.length > 0) {
    const first = json.errors[0]!;
    return { config: undefined, diagnostics: [diagnostic('runtime-config/invalid-json', file, first.at, `${file} is not valid JSON: ${first.message}.`)] };
  }
  const diagnostics: Diagnostic[] = [];
  const value = withoutInlineSecrets(json.value, file, json, diagnostics);
  const validate = schemaValidator('runtime-config');
  if (!validate(value)) {
    diagnostics.push(
      ...schemaDiagnostics(validate.errors, file, json, { schema: 'runtime-config/schema', unknownKey: 'runtime-config/unknown-key' }, validate.schema),
    );
  }
  if (diagnostics.length > 0) return { config: undefined, diagnostics: diagnostics.sort(compareDiagnostics) };
  const config = configOf(value as RuntimeConfigFile, file, json, source, diagnostics);
  return diagnostics.length > 0 ? { config: undefined, diagnostics: diagnostics.sort(compareDiagnostics) } : { config, diagnostics };
}

/** Reads and validates the runtime config at `path`; secret files are relative to its folder. */
export async function loadRuntimeConfig(path: string, env: SecretSource['env'] = process.env): Promise<RuntimeConfigResult> {
  return parseRuntimeConfig(await readFile(path, 'utf8'), path, { env, baseDir: dirname(path) });
}

/** The runtime config has errors; `diagnostics` says where. `docsite serve` prints them and exits 2. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`The runtime config has ${diagnostics.length} error(s).`);
  }
}

/**
 * The runtime config of the docs folder `dir`: the file `file` when given (it must exist), else
 * `<dir>/docsite.config.json` when present, else the defaults. Throws `RuntimeConfigError` when
 * the file has errors.
 */
export async function readRuntimeConfig(dir: string, file?: string, env: SecretSource['env'] = process.env): Promise<RuntimeConfig> {
  const path = runtimeConfigPath(dir, file);
  if (!path) return DEFAULT_RUNTIME_CONFIG;
  const result = await loadRuntimeConfig(path, env);
  if (!result.config) throw new RuntimeConfigError(result.diagnostics);
  return result.config;
}

/**
 * Which owner settings the runtime config of `dir` fixes (`settings.fixed`), found as
 * `readRuntimeConfig` finds the file, without resolving its secrets: `docsite settings` runs
 * where the server's environment variables and secret files may not be.
 */
export async function readFixedSettings(dir: string, file?: string): Promise<Pick<RuntimeConfig, 'file' | 'fixedSettings'>> {
  const path = runtimeConfigPath(dir, file);
  if (!path) return { file: undefined, fixedSettings: DEFAULT_RUNTIME_CONFIG.fixedSettings };
  const json = parseJsonSource(await readFile(path, 'utf8'));
  const fixed = json.errors.length === 0 && !json.tooDeep && isObject(json.value) && isObject(json.value.settings) ? json.value.settings.fixed : undefined;
  if (json.errors.length > 0 || json.tooDeep || (fixed !== undefined && !isFixableList(fixed)))
    throw new UsageError(`The runtime config ${path} has errors.`, 'Run `docsite serve` (or check it against schemas/runtime-config.schema.json) to see them.');
  return { file: path, fixedSettings: fixed ?? [] };
}

function isFixableList(value: unknown): value is FixableSetting[] {
  return Array.isArray(value) && value.every((name) => name === 'mcpEnabled' || name === 'redirectUris');
}

/** The runtime config file of `dir`: `file` when given (it must exist), else `<dir>/docsite.config.json` when present. */
function runtimeConfigPath(dir: string, file: string | undefined): string | undefined {
  const path = file ?? join(dir, RUNTIME_CONFIG_FILE);
  if (existsSync(path)) return path;
  if (file === undefined) return undefined;
  throw new UsageError(
    `There is no runtime config file ${file}.`,
    `Check the path given to --config, or omit it to use ${RUNTIME_CONFIG_FILE} in the docs folder.`,
  );
}

/** A copy of `value` without secrets written inline, each reported without echoing it. */
function withoutInlineSecrets(value: unknown, file: string, locator: SourceLocator, diagnostics: Diagnostic[]): unknown {
  const copy = structuredClone(value);
  for (const path of SECRET_PATHS) {
    const parent = path.slice(0, -1).reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), copy);
    const key = path[path.length - 1]!;
    if (!isObject(parent) || !(key in parent) || isObject(parent[key])) continue;
    delete parent[key];
    diagnostics.push(
      diagnostic(
        'runtime-config/inline-secret',
        file,
        locator.locate(path, 'value'),
        `"${formatPath(path)}" must be a reference such as {"env": "NAME"} or {"file": "path"}, never the secret itself.`,
      ),
    );
  }
  return copy;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies defaults, parses redirect entries and resolves secrets; problems go to `diagnostics`. */
function configOf(raw: RuntimeConfigFile, file: string, locator: SourceLocator, source: SecretSource, diagnostics: Diagnostic[]): RuntimeConfig {
  const secret = (ref: SecretRef | undefined, path: readonly string[]): string | undefined => {
    if (!ref) return undefined;
    const resolved = resolveSecret(ref, source);
    if ('value' in resolved) return resolved.value;
    diagnostics.push(
      diagnostic('runtime-config/secret-unavailable', file, locator.locate(path, 'value'), `"${formatPath(path)}" cannot be resolved: ${resolved.problem}.`),
    );
    return undefined;
  };
  const allowedRedirects = (raw.oauth?.allowedRedirectUris ?? []).flatMap((entry, i) => {
    const parsed = parseRedirectEntry(entry);
    if (typeof parsed !== 'string') return [parsed];
    diagnostics.push(
      diagnostic('runtime-config/schema', file, locator.locate(['oauth', 'allowedRedirectUris', i], 'value'), `"oauth.allowedRedirectUris[${i}]": ${parsed}.`),
    );
    return [];
  });
  let authentication: AuthenticationConfig | undefined;
  const auth = raw.authentication;
  if (auth && auth.enabled !== false) {
    const sessionSecret = secret(auth.session?.secret, SECRET_PATHS[1]);
    if (sessionSecret !== undefined && sessionSecret.length < MIN_SESSION_SECRET) {
      diagnostics.push(
        diagnostic(
          'runtime-config/secret-unavailable',
          file,
          locator.locate(SECRET_PATHS[1], 'value'),
          `"authentication.session.secret" must be at least ${MIN_SESSION_SECRET} characters long.`,
        ),
      );
    }
    const { provider } = auth;
    const identity: IdentityProviderConfig =
      provider.type === 'local'
        ? { type: 'local' }
        : {
            type: 'oidc',
            issuer: provider.issuer!,
            clientId: provider.clientId!,
            clientSecret: secret(provider.clientSecret, SECRET_PATHS[0]),
            scopes: [...new Set(['openid', ...(provider.scopes ?? ['openid', 'profile', 'email'])])],
            groupsClaim: provider.groupsClaim ?? 'groups',
            usernameClaim: provider.usernameClaim ?? 'preferred_username',
          };
    authentication = {
      provider: identity,
      ownersGroup: auth.ownersGroup ?? 'owners',
      session: { secret: sessionSecret, lifetimeSeconds: auth.session?.lifetimeSeconds ?? 43_200 },
    };
  }
  return {
    file,
    siteUrl: raw.siteUrl?.replace(/\/+$/, ''),
    projectId: raw.projectId,
    authentication,
    mcp: { enabled: raw.mcp?.enabled ?? true },
    assistant: { enabled: raw.assistant?.enabled ?? true },
    analytics: { storeSignedInQueries: raw.analytics?.storeSignedInQueries ?? false },
    oauth: { allowedRedirects, tokenLifetimes: { ...DEFAULT_RUNTIME_CONFIG.oauth.tokenLifetimes, ...raw.oauth?.tokenLifetimes } },
    fixedSettings: raw.settings?.fixed ?? [],
    rateLimits: rateLimitsOf(raw.rateLimits),
  };
}

/** The rate limits of the file over the defaults. */
function rateLimitsOf(raw: RuntimeConfigFile['rateLimits'] = {}): RuntimeConfig['rateLimits'] {
  const { windowSeconds, onLimiterFailure, redisKeyPrefix, ...quotas } = raw;
  const defaults = DEFAULT_RUNTIME_CONFIG.rateLimits;
  return {
    windowSeconds: windowSeconds ?? defaults.windowSeconds,
    quotas: { ...defaults.quotas, ...quotas },
    onLimiterFailure: onLimiterFailure ?? defaults.onLimiterFailure,
    redisKeyPrefix: redisKeyPrefix ?? defaults.redisKeyPrefix,
  };
}
