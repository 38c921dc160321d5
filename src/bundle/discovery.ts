// Discovery documents and server cards (SPEC.md 2.5, 2.6, 4.3), for a given site URL.
import type { Manifest } from './manifest.js';
import type { ToolDescriptor } from './tools.js';

export type ServerVariant = 'public' | 'authenticated';

/** Paths of the two MCP servers on the site's origin. */
export const MCP_PATHS: Record<ServerVariant, string> = { public: '/mcp', authenticated: '/authed/mcp' };

/** What every discovery document and card needs to know about the site. */
export interface DiscoveryInput {
  siteName: string;
  description?: string;
  /** docsite's version: the server version. */
  version: string;
  /** Origin (and base path) the site is reached at, without a trailing slash. */
  siteUrl: string;
  /** The tools each server's card lists: as a visitor sees them on the public one, as a signed-in reader of no group on the authenticated one. */
  tools: Record<ServerVariant, ToolDescriptor[]>;
  /** Whether the site has skills to offer as resources. */
  hasResources: boolean;
}

export interface ServerCard {
  name: string;
  version: string;
  url: string;
  transport: 'http';
  description: string;
  capabilities: { tools: boolean; resources: boolean };
  authentication: 'none' | 'oauth2';
  tools: ToolDescriptor[];
}

export interface DiscoveryDocument {
  version: string;
  transport: 'http';
  url: string;
  servers: { name: ServerVariant; url: string; transport: 'http'; authentication: 'none' | 'oauth2' }[];
}

/** What discovery documents say about a built site, reached at `siteUrl` (no trailing slash), with each server's tools. */
export function discoveryInputOf(manifest: Manifest, siteUrl: string, tools: Record<ServerVariant, ToolDescriptor[]>): DiscoveryInput {
  const { site, generator } = manifest;
  return {
    siteName: site.name,
    ...(site.description ? { description: site.description } : {}),
    version: generator.version,
    siteUrl,
    tools,
    hasResources: manifest.skills.length > 0,
  };
}

function authOf(variant: ServerVariant): 'none' | 'oauth2' {
  return variant === 'public' ? 'none' : 'oauth2';
}

/** The discovery document: the public server always, the authenticated one when authentication is on. */
export function discoveryDocument(input: DiscoveryInput, authenticated: boolean): DiscoveryDocument {
  const variants: ServerVariant[] = authenticated ? ['public', 'authenticated'] : ['public'];
  return {
    version: input.version,
    transport: 'http',
    url: `${input.siteUrl}${MCP_PATHS.public}`,
    servers: variants.map((name) => ({ name, url: `${input.siteUrl}${MCP_PATHS[name]}`, transport: 'http', authentication: authOf(name) })),
  };
}

/** The server card of one variant. */
export function serverCard(input: DiscoveryInput, variant: ServerVariant): ServerCard {
  const about = input.description ? ` ${input.description}` : '';
  return {
    name: variant === 'public' ? `${input.siteName} docs` : `${input.siteName} docs (authenticated)`,
    version: input.version,
    url: `${input.siteUrl}${MCP_PATHS[variant]}`,
    transport: 'http',
    description:
      variant === 'public'
        ? `Search and read the public ${input.siteName} documentation.${about}`
        : `Search and read the ${input.siteName} documentation your account may see; sign in with OAuth.${about}`,
    capabilities: { tools: true, resources: input.hasResources },
    authentication: authOf(variant),
    tools: input.tools[variant],
  };
}

/** `/.well-known/mcp/server-cards.json`: one card per available server. */
export function serverCards(input: DiscoveryInput, authenticated: boolean): { servers: ServerCard[] } {
  return { servers: authenticated ? [serverCard(input, 'public'), serverCard(input, 'authenticated')] : [serverCard(input, 'public')] };
}
