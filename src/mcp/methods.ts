// What the site's MCP server answers, method by method, as plain functions of the (already
// validated) request params and the request's context. Both the stateless fast path
// (stateless-server.ts) and the SDK `Server` (mcp-server.ts, the reference it is tested against)
// call these, so the two can only differ in protocol framing.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { DOCSITE_VERSION } from '../version.js';
import { textResult, type McpContext, type ToolResult } from './context.js';
import { feedbackTool, type FeedbackArguments } from './feedback-tool.js';
import { listSkillResources, readSkillResource } from './resources.js';
import { RpcError } from './rpc-error.js';
import { searchTool, type SearchArguments } from './search-tool.js';
import type { Toolset } from './toolset.js';

/** What the server says about itself at `initialize`, besides the protocol version. */
export interface ServerIdentity {
  serverInfo: { name: string; version: string };
  capabilities: { tools: Record<string, never>; resources: Record<string, never> };
  instructions: string;
}

export function serverIdentity(toolset: Toolset, context: McpContext): ServerIdentity {
  const site = context.bundle.manifest.site;
  return {
    serverInfo: { name: `${site.name} docs`, version: DOCSITE_VERSION },
    capabilities: { tools: {}, resources: {} },
    instructions: `Documentation of ${site.name}. Search with ${toolset.tools[0]!.name}, read pages with ${toolset.tools[1]!.name}, report problems with submit_feedback. Cite pages by URL.`,
  };
}

/**
 * `tools/call`. An unknown tool is a protocol error (RpcError, -32602); arguments that do not
 * match the tool's input schema, and failures the agent can fix, are tool results with isError.
 */
export async function callTool(
  toolset: Toolset,
  params: { name: string; arguments?: Record<string, unknown> | undefined },
  context: McpContext,
): Promise<ToolResult> {
  const { name, arguments: args = {} } = params;
  const role = toolset.roleOf(name);
  if (!role) throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Tools: ${toolset.tools.map((t) => t.name).join(', ')}.`);
  const problem = toolset.check(name, args, context);
  if (problem) return textResult(problem, true);
  switch (role) {
    case 'search':
      return searchTool(args as unknown as SearchArguments, context);
    case 'filesystem': {
      context.onToolCall?.({ role: 'filesystem' });
      const { output, isError } = await context.filesystem(String(args.command));
      return textResult(output, isError);
    }
    default:
      return feedbackTool(args as unknown as FeedbackArguments, context);
  }
}

/** `tools/list`: the tools as the reader sees them (the server card's, for a reader of its kind). */
export function listTools(toolset: Toolset, context: McpContext) {
  return { tools: toolset.toolsFor(context) };
}

/** `resources/list`: the skills the reader may see. */
export function listResources(context: McpContext) {
  return { resources: listSkillResources(context) };
}

/** `resources/templates/list`: the server has none. */
export function listResourceTemplates() {
  return { resourceTemplates: [] as never[] };
}

/**
 * `resources/read`. An unknown (or unreadable) URI is invalid params naming the URI in `data`, as
 * SEP-2164 settled it, in place of the -32002 of earlier revisions.
 */
export function readResource(context: McpContext, uri: string) {
  const resource = readSkillResource(context, uri);
  if (!resource) throw new RpcError(ErrorCode.InvalidParams, `Resource not found: ${uri}`, { uri });
  return { contents: [resource] };
}
