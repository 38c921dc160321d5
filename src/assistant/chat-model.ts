// An OpenAI-compatible chat completions service that writes the answer from the cited sections.
import type { CitedSection } from './cited-sections.js';

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

/** Writes answers from documentation sections. */
export interface ChatModel {
  /** Answers `query` from `sections` only. Throws when the service fails or answers nothing. */
  answer(input: { siteName: string; query: string; sections: readonly CitedSection[] }): Promise<string>;
}

/** Characters of each section given to the model at most. */
const SECTION_CHARS = 4000;

/** The system and user messages of one question. */
export function chatMessages(input: { siteName: string; query: string; sections: readonly CitedSection[] }): { role: 'system' | 'user'; content: string }[] {
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
  return {
    async answer(input) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
        body: JSON.stringify({ model: config.model, messages: chatMessages(input), temperature: 0.2 }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
      if (!response.ok) throw new Error(`the assistant model service answered HTTP ${response.status}`);
      const body = (await response.json().catch(() => undefined)) as { choices?: { message?: { content?: unknown } }[] } | undefined;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new Error('the assistant model service answered without a message');
      return content.trim();
    },
  };
}
