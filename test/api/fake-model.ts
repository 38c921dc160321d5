// A stand-in for an OpenAI-compatible chat completions service (a third party we cannot run in tests).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface ModelRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[] };
}

export interface FakeModel {
  /** Base URL, as DOCSITE_ASSISTANT_URL takes it (ends in /v1). */
  baseUrl: string;
  requests: ModelRequest[];
  /** What the next answers are: a message, or an HTTP status to fail with. */
  answerWith(answer: { content: string } | { status: number }): void;
  /** Answers each later request only after `ms` milliseconds (a slow model). */
  delayAnswers(ms: number): void;
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. */
export async function startFakeModel(): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  let answer: { content: string } | { status: number } = { content: 'An answer.' };
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', async () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(data) });
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if ('status' in answer) return void res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith(next) {
      answer = next;
    },
    delayAnswers(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
