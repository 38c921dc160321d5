export { createMcpServer } from './mcp-server.js';
export { handleMcpPost, type McpPost, type McpAnswer } from './stateless-server.js';
export { createToolset, type ToolReader, type Toolset } from './toolset.js';
export { readerOf } from './search-tool.js';
export type { McpContext, FilesystemRunner, FeedbackSink, ToolCall } from './context.js';
