// The site's MCP server built on the SDK's `Server`, for one request (a stateless transport cannot be
// reused). `/mcp` answers through the stateless fast path (stateless-server.ts) instead; this one is
// the reference the tests hold the fast path to, answer for answer, and stays usable with any SDK
// transport.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpContext } from './context.js';
import { callTool, listResources, listResourceTemplates, listTools, readResource, serverIdentity } from './methods.js';
import type { Toolset } from './toolset.js';

export function createMcpServer(toolset: Toolset, context: McpContext): Server {
  const { serverInfo, capabilities, instructions } = serverIdentity(toolset, context);
  const server = new Server(serverInfo, { capabilities, instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => listTools(toolset, context));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(toolset, request.params, context));
  server.setRequestHandler(ListResourcesRequestSchema, () => listResources(context));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => listResourceTemplates());
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(context, request.params.uri));
  return server;
}
