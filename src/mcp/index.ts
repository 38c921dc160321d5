export { createMcpServer } from './mcp-server.js';
export { createToolset, type Toolset } from './toolset.js';
export { readerOf } from './search-tool.js';
export type { McpContext, FilesystemRunner, FeedbackSink } from './context.js';
