// The assistant's inputs: the message body, the model settings from the environment, the reader's page.
import { describe, expect, it } from 'vitest';
import { chatModelConfigFromEnv, parseAssistantMessage, readerPageOf, searchScopeOf } from '../../src/assistant/index.js';
import { UsageError } from '../../src/errors.js';
import { exampleBundle } from '../helpers/runtime.js';

describe('parseAssistantMessage', () => {
  it('trims the query and keeps the page', () => {
    expect(parseAssistantMessage({ query: ' hi ', pagePath: '/quickstart' })).toEqual({ message: { query: 'hi', pagePath: '/quickstart' } });
    expect(parseAssistantMessage({ query: 'hi', pageUrl: 'https://docs.acme.test/x' })).toEqual({
      message: { query: 'hi', pageUrl: 'https://docs.acme.test/x' },
    });
  });

  it('lists every problem', () => {
    const result = parseAssistantMessage({ query: 1, pageUrl: 'ftp://x', pagePath: 'x', more: true });
    expect('problems' in result && result.problems).toHaveLength(5);
  });
});

describe('chatModelConfigFromEnv', () => {
  it('is off when nothing is set', () => {
    expect(chatModelConfigFromEnv({})).toBeUndefined();
  });

  it('reads URL, model and key', () => {
    expect(
      chatModelConfigFromEnv({ DOCSITE_ASSISTANT_URL: 'http://127.0.0.1:11434/v1', DOCSITE_ASSISTANT_MODEL: 'llama3', DOCSITE_ASSISTANT_API_KEY: 'k' }),
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKey: 'k' });
    expect(chatModelConfigFromEnv({ DOCSITE_ASSISTANT_URL: 'http://127.0.0.1:11434/v1', DOCSITE_ASSISTANT_MODEL: 'llama3' })?.apiKey).toBeUndefined();
  });

  it('refuses incomplete or wrong settings', () => {
    expect(() => chatModelConfigFromEnv({ DOCSITE_ASSISTANT_URL: 'https://api.example/v1' })).toThrow(UsageError);
    expect(() => chatModelConfigFromEnv({ DOCSITE_ASSISTANT_API_KEY: 'k' })).toThrow(/DOCSITE_ASSISTANT_URL and DOCSITE_ASSISTANT_MODEL/);
    expect(() => chatModelConfigFromEnv({ DOCSITE_ASSISTANT_URL: 'not a url', DOCSITE_ASSISTANT_MODEL: 'm' })).toThrow(/not a URL/);
    expect(() => chatModelConfigFromEnv({ DOCSITE_ASSISTANT_URL: 'file:///etc', DOCSITE_ASSISTANT_MODEL: 'm' })).toThrow(/http/);
  });
});

describe('readerPageOf and searchScopeOf', () => {
  it('finds the page of a path or a URL on the site, and searches its version and language', async () => {
    const bundle = await exampleBundle();
    const site = 'https://docs.acme.test';
    expect(readerPageOf(bundle, site, {})).toEqual({ pageUrl: null, page: undefined });
    const path = readerPageOf(bundle, site, { pagePath: '/v1/charges/?x=1#top' });
    expect(path.pageUrl).toBe('https://docs.acme.test/v1/charges/?x=1#top');
    expect(path.page?.url).toBe('/v1/charges');
    expect(searchScopeOf(bundle.manifest, path.page)).toEqual({ version: 'v1', language: 'en' });
    const url = readerPageOf(bundle, site, { pageUrl: 'https://docs.acme.test/es/quickstart' });
    expect(searchScopeOf(bundle.manifest, url.page)).toEqual({ version: 'v2', language: 'es' });
    expect(readerPageOf(bundle, `${site}/docs`, { pageUrl: 'https://docs.acme.test/docs/index.md' }).page?.url).toBe('/');
    expect(readerPageOf(bundle, `${site}/docs`, { pageUrl: 'https://docs.acme.test/quickstart' }).page).toBeUndefined();
    expect(searchScopeOf(bundle.manifest, undefined)).toEqual({ version: 'v2', language: 'en' });
  });
});
