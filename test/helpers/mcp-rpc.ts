// One JSON-RPC request to a stateless MCP endpoint, with an optional bearer token.
export interface RpcAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** POSTs `method` with `params` to `url` as Streamable HTTP expects; returns the status and parsed body. */
export async function rpc(url: string, method: string, params: object, token?: string): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Protocol-Version': '2025-06-18',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '');
  return { status: response.status, headers: response.headers, body: json && text ? JSON.parse(text) : text || undefined };
}

/** The text of a tools/call result (throws on a JSON-RPC error or a non-200 answer). */
export async function callTool(url: string, name: string, args: object, token?: string): Promise<string> {
  const answer = await rpc(url, 'tools/call', { name, arguments: args }, token);
  if (answer.status !== 200 || answer.body?.error) throw new Error(`tools/call ${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body.result.content as { text: string }[]).map((c) => c.text).join('\n');
}
