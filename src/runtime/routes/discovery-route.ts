// Discovery documents and server cards (SPEC.md 4.3), written for the URL the site is reached at.
import { Router } from 'express';
import { discoveryDocument, discoveryInputOf, serverCard, serverCards, type LoadedBundle } from '../../bundle/index.js';
import type { Toolset } from '../../mcp/index.js';
import { ANONYMOUS, type Principal } from '../../site/index.js';
import { publicCors } from '../cors.js';
import { siteUrlOf } from '../site-url.js';

export interface DiscoveryRouteOptions {
  bundle: LoadedBundle;
  siteUrl: string | undefined;
  /** Whether the authenticated server is on, so discovery lists it. */
  authentication: boolean;
  toolset: Toolset;
}

/** Whom the authenticated server's card describes its tools to: a signed-in reader of no group (cards are public). */
const SIGNED_IN: Principal = { kind: 'user', id: '', groups: [] };

export function discoveryRoute({ bundle, siteUrl, authentication, toolset }: DiscoveryRouteOptions): Router {
  const router = Router();
  router.use(['/.well-known', '/mcp/server-card', '/authed/mcp/server-card'], publicCors);
  // Described on the first request, not when the app is made: `docsite dev` makes one per edit.
  let tools: Parameters<typeof discoveryInputOf>[2] | undefined;
  const input = (req: Parameters<typeof siteUrlOf>[0]) => {
    tools ??= {
      public: toolset.toolsFor({ principal: ANONYMOUS, authentication }),
      authenticated: toolset.toolsFor({ principal: SIGNED_IN, authentication }),
    };
    return discoveryInputOf(bundle.manifest, siteUrlOf(req, siteUrl), tools);
  };
  router.get(['/.well-known/mcp', '/.well-known/mcp.json'], (req, res) => void res.json(discoveryDocument(input(req), authentication)));
  router.get(['/.well-known/mcp/server-card.json', '/mcp/server-card'], (req, res) => void res.json(serverCard(input(req), 'public')));
  router.get('/.well-known/mcp/server-cards.json', (req, res) => void res.json(serverCards(input(req), authentication)));
  if (authentication) router.get('/authed/mcp/server-card', (req, res) => void res.json(serverCard(input(req), 'authenticated')));
  // SEP-2127's site catalog: where the MCP servers and the agent-facing files are.
  router.get('/.well-known/ai-catalog.json', (req, res) => {
    const base = siteUrlOf(req, siteUrl);
    const servers = discoveryDocument(input(req), authentication).servers;
    res.json({
      name: bundle.manifest.site.name,
      ...(bundle.manifest.site.description ? { description: bundle.manifest.site.description } : {}),
      mcpServers: servers.map((server) => ({
        name: server.name,
        url: server.url,
        serverCard: `${server.url}/server-card`,
        authentication: server.authentication,
      })),
      llmsTxt: `${base}/llms.txt`,
      llmsFullTxt: `${base}/llms-full.txt`,
    });
  });
  return router;
}
