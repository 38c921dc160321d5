// A stand-in for an OpenAI-compatible chat completions service (a third party we cannot run in tests),
// answering whole messages, or Server-Sent Events word by word when asked with `stream: true`.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface ModelRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; stream?: boolean };
}

/** How streamed answers are sent. */
export interface StreamBehaviour {
  /** Milliseconds between two chunks (words); default 0. */
  chunkDelayMs?: number;
  /** Drops the connection after this many chunks, as a service that fails mid-answer. */
  breakAfter?: number;
}

export interface FakeModel {
  /** Base URL, as DOCSITE_ASSISTANT_URL takes it (ends in /v1). */
  baseUrl: string;
  requests: ModelRequest[];
  /** What the next answers are: a message, or an HTTP status to fail with. */
  answerWith(answer: { content: string } | { status: number }): void;
  /** Answers each later request only after `ms` milliseconds (a slow model). */
  delayAnswers(ms: number): void;
  /** How later streamed answers are sent. */
  streamAnswers(behaviour: StreamBehaviour): void;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the fake on a free loopback port. */
export async function startFakeModel(): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  let answer: { content: string } | { status: number } = { content: 'An answer.' };
  let delayMs = 0;
  let streaming: StreamBehaviour = {};
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', async () => {
      const body = JSON.parse(data) as ModelRequest['body'];
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (delayMs > 0) await sleep(delayMs);
      if ('status' in answer) return void res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      if (!body.stream) {
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
          }),
        );
      }
      const { chunkDelayMs = 0, breakAfter } = streaming;
      const event = (delta: object, finish: string | null = null): string =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(event({ role: 'assistant', content: '' }));
      const chunks = answer.content.match(/\S+\s*/g) ?? [];
      for (const [i, chunk] of chunks.entries()) {
        if (i === breakAfter) return void res.destroy();
        if (chunkDelayMs > 0) await sleep(chunkDelayMs);
        res.write(event({ content: chunk }));
      }
      res.end(`${event({}, 'stop')}data: [DONE]\n\n`);
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
    streamAnswers(behaviour) {
      streaming = behaviour;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
