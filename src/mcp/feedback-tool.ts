// The feedback tool: records an agent's report that a page is wrong, outdated, confusing or incomplete.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { StoreUnavailableError } from '../store/index.js';
import { textResult, type McpContext, type ToolResult } from './context.js';
import { findReadablePage } from './readable-pages.js';
import { RpcError } from './rpc-error.js';

export interface FeedbackArguments {
  path: string;
  feedback: string;
}

/**
 * Stores the feedback against the page it names; an unknown (or unreadable) page is an error. With
 * the database down the call is a JSON-RPC error that says so: the agent may retry, nothing was kept.
 */
export async function feedbackTool(args: FeedbackArguments, context: McpContext): Promise<ToolResult> {
  const page = findReadablePage(context, args.path);
  if (!page) return textResult(`No page at "${args.path}". Give the URL path of a page, e.g. /quickstart (search results show them).`, true);
  const comment = args.feedback.trim();
  // Kept from the store: nothing to read, or a NUL PostgreSQL text cannot hold.
  if (comment === '') return textResult('The feedback is empty: say what is wrong with the page.', true);
  if (comment.includes('\u0000')) return textResult('The feedback must not contain NUL characters.', true);
  try {
    await context.feedback({ path: page.url, comment });
  } catch (error) {
    if (error instanceof StoreUnavailableError)
      throw new RpcError(ErrorCode.InternalError, "The feedback was not recorded: the documentation server's database is unavailable. Retry in a few seconds.");
    throw error;
  }
  return textResult(`Thank you: your feedback on ${page.url} ("${page.title}") was recorded for the documentation team.`);
}
