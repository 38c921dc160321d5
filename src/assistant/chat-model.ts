// An OpenAI-compatible chat completions service that writes the answer from the cited sections.
import type { CitedSection } from './cited-sections.js';
import { completionDeltas } from './completion-stream.js';

/** Where the model is: `DOCSITE_ASSISTANT_URL`, `_MODEL` and `_API_KEY` (see model-config.ts). */
export interface ChatModelConfig {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer`; some local servers need none. */
  apiKey?: string | undefined;
  /** Give up after this long; default 30 s. */
  timeoutMs?: number | undefined;
}

/** One question for the model: the site, the question and the sections to answer from. */
export interface ChatInput {
  siteName: string;
  query: string;
  sections: readonly CitedSection[];
}

/** Writes answers from documentation sections. */
export interface ChatModel {
  /** Answers `query` from `sections` only. Throws when the service fails or answers nothing. */
  answer(input: ChatInput): Promise<string>;
  /**
   * The same answer as it is written, piece by piece. Throws when the service fails, at any
   * point, or ends without a word; stops when `signal` aborts.
   */
  streamAnswer(input: ChatInput, signal?: AbortSignal): AsyncIterable<string>;
}

/** Characters of each section given to the model at most. */
const SECTION_CHARS = 4000;

/** The system and user messages of one question. */
export function chatMessages(input: ChatInput): { role: 'system' | 'user'; content: string }[] {
  const context = input.sections.map((s, i) => `[${i + 1}] ${s.title}\nURL: ${s.url}\n${s.text.slice(0, SECTION_CHARS)}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        `You are the documentation assistant of ${input.siteName}. Answer the question using only the documentation sections the user gives. ` +
        'Cite the sections you use as Markdown links to their URLs. If the sections do not answer the question, say that the documentation does not cover it. Be concise.',
    },
    { role: 'user', content: `Documentation sections:\n\n${context}\n\nQuestion: ${input.query}` },
  ];
}

/** A `ChatModel` calling `POST {baseUrl}/chat/completions`. Errors name the HTTP status only, never the key. */
export function openAiChatModel(config: ChatModelConfig): ChatModel {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const complete = async (input: ChatInput, stream: boolean, signal: AbortSignal | undefined): Promise<Response> => {
    const timeout = AbortSignal.timeout(config.timeoutMs ?? 30_000);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: stream ? 'text/event-stream' : 'application/json',
        ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, messages: chatMessages(input), temperature: 0.2, ...(stream ? { stream: true } : {}) }),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    if (!response.ok) throw new Error(`the assistant model service answered HTTP ${response.status}`);
    return response;
  };
  return {
    async answer(input) {
      const response = await complete(input, false, undefined);
      const body = (await response.json().catch(() => undefined)) as { choices?: { message?: { content?: unknown } }[] } | undefined;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new Error('the assistant model service answered without a message');
      return content.trim();
    },
    async *streamAnswer(input, signal) {
      const response = await complete(input, true, signal);
      if (!response.body) throw new Error('the assistant model service answered without a message');
      let written = false;
      for await (const delta of completionDeltas(response.body)) {
        // Leading blank lines are the model clearing its throat: the answer starts at its first word.
        const text = written ? delta : delta.trimStart();
        if (text === '') continue;
        written = true;
        yield text;
      }
      if (!written) throw new Error('the assistant model service answered without a message');
    },
  };
}
