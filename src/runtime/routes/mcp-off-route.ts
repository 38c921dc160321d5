// With the MCP switch off (runtime config `mcp.enabled: false`, or `docsite settings mcp off`): the MCP paths say so in JSON, not with express's HTML 404.
import { Router } from 'express';
import { rpcError } from './mcp-route.js';

const MCP_OFF = 'MCP is off on this site: its owner turned the MCP servers off.';

/** The endpoints, answered with a JSON-RPC error as MCP clients read one (their sub-paths too: server cards, OAuth). */
const ENDPOINTS = ['/mcp', '/authed/mcp'];
/** Discovery and OAuth metadata documents of the MCP servers. */
const DOCUMENTS = ['/.well-known/mcp', '/.well-known/mcp.json', '/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server'];

/** Answers every MCP path, any method, with 404 and a JSON body saying MCP is off on this site. */
export function mcpOffRoute(): Router {
  const router = Router();
  router.use(ENDPOINTS, (req, res, next) => {
    // Sub-paths are documents (server cards) or the OAuth server: a plain JSON error, as the documents get.
    if (req.path !== '/') return next();
    rpcError(res, 404, -32000, MCP_OFF);
  });
  router.use([...ENDPOINTS, ...DOCUMENTS], (_req, res) => void res.status(404).json({ error: MCP_OFF }));
  return router;
}
