// The MCP server of one request: tools and resources over the bundle, for the context's principal.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { DOCSITE_VERSION } from '../version.js';
import { textResult, type McpContext, type ToolResult } from './context.js';
import { feedbackTool, type FeedbackArguments } from './feedback-tool.js';
import { listSkillResources, readSkillResource } from './resources.js';
import { searchTool, type SearchArguments } from './search-tool.js';
import type { Toolset } from './toolset.js';

/** Runs a tool by role; argument shapes were checked against the tool's schema before. */
async function callTool(role: string, args: Record<string, unknown>, context: McpContext): Promise<ToolResult> {
  switch (role) {
    case 'search':
      return searchTool(args as unknown as SearchArguments, context);
    case 'filesystem': {
      const { output, isError } = context.filesystem(String(args.command));
      return textResult(output, isError);
    }
    default:
      return feedbackTool(args as unknown as FeedbackArguments, context);
  }
}

/** A new server for one request (stateless Streamable HTTP cannot reuse one across requests). */
export function createMcpServer(toolset: Toolset, context: McpContext): Server {
  const site = context.bundle.manifest.site;
  const server = new Server(
    { name: `${site.name} docs`, version: DOCSITE_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: `Documentation of ${site.name}. Search with ${toolset.tools[0]!.name}, read pages with ${toolset.tools[1]!.name}, report problems with submit_feedback. Cite pages by URL.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolset.tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    const role = toolset.roleOf(name);
    if (!role) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Tools: ${toolset.tools.map((t) => t.name).join(', ')}.`);
    const problem = toolset.check(name, args);
    if (problem) return textResult(problem, true);
    return callTool(role, args, context);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listSkillResources(context) }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = readSkillResource(context, request.params.uri);
    if (!resource) throw new McpError(-32002, `Resource not found: ${request.params.uri}`);
    return { contents: [resource] };
  });
  return server;
}
