// The public MCP server's POST handler: stateless Streamable HTTP in JSON-response mode, answering
// exactly what the SDK's `Server` + `StreamableHTTPServerTransport` (sessionIdGenerator undefined,
// enableJsonResponse true) answer, without building them per request.
//
// Why: a stateless SDK transport cannot be reused, and building Server + transport per request cost
// most of the server's time (a new Ajv instance per Server, the Node <-> Web Request/Response bridge,
// listeners and an Error per close). This is the same protocol, step for step, as a plain function:
//
//   transport (webStandardStreamableHttp.js handlePostRequest): Accept must list application/json
//   and text/event-stream (406); Content-Type must be application/json (415); no body is a parse
//   error (400, -32700); batches of at most MAX_BATCH_SIZE (400, -32600); every message must pass
//   the SDK's JSONRPCMessageSchema (400, -32700); an initialize request must come alone (400,
//   -32600); other posts with an unsupported Mcp-Protocol-Version header get 400; only
//   notifications or responses get 202 without a body; otherwise the responses, by request id,
//   one object or an array. No Mcp-Session-Id, ever.
//
//   protocol (shared/protocol.js _onrequest, server/index.js): an unregistered method gets -32601
//   "Method not found"; a task-augmented request gets the SDK's "does not support task creation"
//   error; params are parsed with the method's SDK schema (a failure is the ZodError, -32603);
//   initialize negotiates like Server._oninitialize; tools/call results are checked against
//   CallToolResultSchema (failing, a -32602 error; unlike the SDK's, its message does not start
//   with "MCP error -32602: ", see rpc-error.ts); an error answer takes the error's integer `code`
//   (else -32603), message and data.
//
// Every answer goes through the functions of methods.ts, as the SDK server of mcp-server.ts does;
// test/mcp/stateless-equivalence.test.ts sends both the same requests and compares the answers.
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { safeParse } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { parseWithCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  InitializeRequestSchema,
  isInitializeRequest,
  isTaskAugmentedRequestParams,
  JSONRPCMessageSchema,
  LATEST_PROTOCOL_VERSION,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolRequest,
  type InitializeRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type ReadResourceRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpContext } from './context.js';
import { RpcError } from './rpc-error.js';
import { callTool, listResources, listResourceTemplates, listTools, readResource, serverIdentity } from './methods.js';
import type { Toolset } from './toolset.js';

/** What the handler needs of an HTTP POST: three headers (as sent, undefined when absent) and the parsed JSON body. */
export interface McpPost {
  accept: string | undefined;
  contentType: string | undefined;
  protocolVersion: string | undefined;
  /** The body as parsed JSON; undefined when the request had none. */
  body: unknown;
}

/** The HTTP answer: a status and, unless it is 202, a JSON body (sent as application/json). */
export interface McpAnswer {
  status: number;
  body?: string;
}

type JsonRpcResponse =
  | { result: unknown; jsonrpc: '2.0'; id: RequestId }
  | { jsonrpc: '2.0'; id: RequestId; error: { code: number; message: string; data?: unknown } };

/** A method the server answers: the SDK schema its requests must pass, and what it returns. */
interface Method {
  schema: Parameters<typeof parseWithCompat>[0];
  run(request: never, toolset: Toolset, context: McpContext): unknown;
}

const METHODS = new Map<string, Method>([
  ['initialize', { schema: InitializeRequestSchema, run: (request: InitializeRequest, toolset, context) => initializeResult(request, toolset, context) }],
  ['ping', { schema: PingRequestSchema, run: () => ({}) }],
  ['tools/list', { schema: ListToolsRequestSchema, run: (_request, toolset, context) => listTools(toolset, context) }],
  [
    'tools/call',
    { schema: CallToolRequestSchema, run: (request: CallToolRequest, toolset, context) => checkedToolResult(callTool(toolset, request.params, context)) },
  ],
  ['resources/list', { schema: ListResourcesRequestSchema, run: (_request, _toolset, context) => listResources(context) }],
  ['resources/templates/list', { schema: ListResourceTemplatesRequestSchema, run: () => listResourceTemplates() }],
  [
    'resources/read',
    { schema: ReadResourceRequestSchema, run: (request: ReadResourceRequest, _toolset, context) => readResource(context, request.params.uri) },
  ],
]);

/** Answers one POST to the MCP endpoint. Never throws for anything a client sends. */
export async function handleMcpPost(toolset: Toolset, post: McpPost, context: McpContext): Promise<McpAnswer> {
  const { accept } = post;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
    return transportError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  }
  if (!isJsonContentType(post.contentType ?? null)) return transportError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  const raw = post.body;
  if (raw === undefined) return transportError(400, -32700, 'Parse error: Invalid JSON');
  if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE)
    return transportError(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);

  let messages: JSONRPCMessage[];
  try {
    messages = Array.isArray(raw) ? raw.map((message) => JSONRPCMessageSchema.parse(message)) : [JSONRPCMessageSchema.parse(raw)];
  } catch {
    return transportError(400, -32700, 'Parse error: Invalid JSON-RPC message');
  }
  const initialization = messages.some((message) => 'method' in message && message.method === 'initialize' && isInitializeRequest(message));
  if (initialization && messages.length > 1) return transportError(400, -32600, 'Invalid Request: Only one initialization request is allowed');
  const version = post.protocolVersion;
  if (!initialization && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return transportError(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
  }

  // Validated messages are exactly one kind each (the SDK's schemas are strict): a request has a method and an id.
  // Notifications need nothing from this server and responses answer nothing it asked: neither gets an answer.
  const requests = messages.filter((message): message is JSONRPCRequest => 'method' in message && 'id' in message);
  if (requests.length === 0) return { status: 202 };
  // One answer per request id, in order of first appearance (the SDK transport collects answers by id).
  const answers = new Map<RequestId, Promise<JsonRpcResponse>>();
  for (const request of requests) if (!answers.has(request.id)) answers.set(request.id, answer(request, toolset, context));
  const responses = await Promise.all(answers.values());
  return { status: 200, body: JSON.stringify(responses.length === 1 ? responses[0] : responses) };
}

/** One request's response, as Protocol._onrequest builds it. */
async function answer(request: JSONRPCRequest, toolset: Toolset, context: McpContext): Promise<JsonRpcResponse> {
  const method = METHODS.get(request.method);
  if (!method) return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.MethodNotFound, message: 'Method not found' } };
  try {
    const { params } = request;
    if (params && 'task' in params && isTaskAugmentedRequestParams(params) && params.task) {
      // Server.assertTaskHandlerCapability: this server declares no tasks capability.
      throw new Error(`Server does not support task creation (required for ${request.method})`);
    }
    const parsed = parseWithCompat(method.schema, request);
    const result: unknown = await method.run(parsed as never, toolset, context);
    return { result, jsonrpc: '2.0', id: request.id };
  } catch (caught) {
    const error = caught as { code?: unknown; message?: string; data?: unknown };
    return {
      jsonrpc: '2.0',
      id: request.id,
      error: {
        code: Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
        message: error.message ?? 'Internal error',
        ...(error.data !== undefined && { data: error.data }),
      },
    };
  }
}

/** Server._oninitialize: the client's version when supported, else the latest; the server's identity. */
function initializeResult(request: InitializeRequest, toolset: Toolset, context: McpContext) {
  const requested = request.params.protocolVersion;
  const { capabilities, serverInfo, instructions } = serverIdentity(toolset, context);
  return {
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
    capabilities,
    serverInfo,
    ...(instructions && { instructions }),
  };
}

/** Server's tools/call wrapper: the result must be a CallToolResult; what goes out is the parsed one. */
async function checkedToolResult(pending: Promise<unknown>): Promise<unknown> {
  const checked = safeParse(CallToolResultSchema, await pending);
  if (!checked.success) {
    const message = checked.error instanceof Error ? checked.error.message : String(checked.error);
    throw new RpcError(ErrorCode.InvalidParams, `Invalid tools/call result: ${message}`);
  }
  return checked.data;
}

/** The transport's own errors: JSON-RPC error bodies without an id. */
function transportError(status: number, code: number, message: string): McpAnswer {
  return { status, body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }) };
}
