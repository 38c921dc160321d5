// What a tool call knows about its request: the site, who is asking, and where the site is reached.
import type { LoadedBundle } from '../bundle/index.js';
import type { Principal } from '../site/index.js';

/** Runs one filesystem command for a reader (off the event loop, within its limits) and resolves with its text output. */
export type FilesystemRunner = (command: string) => Promise<{ output: string; isError: boolean }>;

/** Records feedback an agent submits about a page. */
export type FeedbackSink = (entry: { path: string; comment: string }) => Promise<void>;

/** Per-request context of the MCP tools and resources; everything here is already decided by the HTTP layer. */
export interface McpContext {
  bundle: LoadedBundle;
  principal: Principal;
  /** Whether the site has authentication on (changes what pages without `public` mean). */
  authentication: boolean;
  /** The URL the site is reached at, without a trailing slash; links in results use it. */
  siteUrl: string;
  /** The filesystem as this principal may see it. */
  filesystem: FilesystemRunner;
  feedback: FeedbackSink;
  /** Told of every search and filesystem call (search analytics): searches with their text and how many sections they found. */
  onToolCall?(call: ToolCall): void;
}

/** A counted tool call. */
export type ToolCall = { role: 'search'; query: string; found: number } | { role: 'filesystem' };

/** A tool's result as MCP returns it: text content, flagged when the call failed. */
export interface ToolResult {
  content: { type: 'text'; text: string }[];
  isError?: boolean;
  [key: string]: unknown;
}

export function textResult(text: string, isError = false): ToolResult {
  return isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] };
}
