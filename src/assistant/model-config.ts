// Reads the assistant's model settings from the environment: all of them, or none (extractive answers).
import { UsageError } from '../errors.js';
import type { ChatModelConfig } from './chat-model.js';

/** The environment variables `docsite serve` reads for the assistant's model. */
export const ASSISTANT_ENV = { url: 'DOCSITE_ASSISTANT_URL', model: 'DOCSITE_ASSISTANT_MODEL', apiKey: 'DOCSITE_ASSISTANT_API_KEY' } as const;

/**
 * The model configured in `env`, or undefined when none is (the assistant then answers
 * extractively). Throws `UsageError` when the settings are incomplete or the URL is not http(s).
 */
export function chatModelConfigFromEnv(env: NodeJS.ProcessEnv): ChatModelConfig | undefined {
  const baseUrl = env[ASSISTANT_ENV.url] || undefined;
  const model = env[ASSISTANT_ENV.model] || undefined;
  const apiKey = env[ASSISTANT_ENV.apiKey] || undefined;
  if (!baseUrl && !model && !apiKey) return undefined;
  if (!baseUrl || !model) {
    throw new UsageError(
      `The assistant's model needs both ${ASSISTANT_ENV.url} and ${ASSISTANT_ENV.model}.`,
      `Set both (and ${ASSISTANT_ENV.apiKey} if the service needs a key), or unset them all for extractive answers.`,
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`${ASSISTANT_ENV.url} is not a URL.`, 'Give the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${ASSISTANT_ENV.url} must be an http:// or https:// URL.`);
  return { baseUrl, model, apiKey };
}
