// Asks the pages' Ask AI endpoint as the panel does, and reads its NDJSON stream back as events.
import type { AskAiEvent } from '../../src/runtime/routes/ask-ai-route.js';

export const ASK_AI = '/_docsite/assistant';

export interface AskAiReply {
  status: number;
  headers: Headers;
  /** The stream's events, in order (a 2xx reply). */
  events: AskAiEvent[];
  /** The JSON body of a refusal (any other status). */
  body: { error: string; details?: { message: string }[] } | undefined;
  /** The answer's text as the panel shows it: text events joined, from the last `restart`. */
  text: string;
}

/** Reads a reply of the endpoint. */
export async function askAiReply(response: Response): Promise<AskAiReply> {
  const raw = await response.text();
  if (!response.ok) return { status: response.status, headers: response.headers, events: [], body: JSON.parse(raw), text: '' };
  const events = raw
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AskAiEvent);
  let text = '';
  for (const event of events) {
    if (event.type === 'restart') text = '';
    if (event.type === 'text') text += event.text;
  }
  return { status: response.status, headers: response.headers, events, body: undefined, text };
}

/** Posts `body` as JSON to the site at `base`, from one of its pages as Chromium says so unless `headers` say otherwise. */
export async function askAi(base: string, body: unknown, headers: Record<string, string> = {}): Promise<AskAiReply> {
  const response = await fetch(`${base}${ASK_AI}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return askAiReply(response);
}
