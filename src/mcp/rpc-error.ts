// The JSON-RPC errors the server's methods answer with: a code and a message, sent as they are.

/**
 * An error a method answers with: its `code`, `message` and `data` become the JSON-RPC error.
 * Not the SDK's McpError, whose message starts with "MCP error <code>: ": sent as it is, clients
 * (the SDK's among them) put their own such prefix in front and show the code twice.
 */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
