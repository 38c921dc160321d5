// The `rateLimits` section of the runtime config: SPEC.md 8's values by default, every one overridable, bad values refused with a place.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from '../../src/config/index.js';

const parse = (text: string) => parseRuntimeConfig(text, 'docsite.config.json', { env: {}, baseDir: '.' });

describe('rateLimits in the runtime config', () => {
  it('defaults to SPEC.md 8 per hour, failing open', () => {
    expect(parse('{}').config?.rateLimits).toEqual({
      windowSeconds: 3600,
      quotas: {
        mcpPerUser: 5000,
        search: 10_000,
        filesystem: 10_000,
        authedSearch: 5000,
        authedFilesystem: 5000,
        oauthToken: 300,
        oauthRegister: 30,
        analytics: 1000,
        playgroundProxy: 600,
        readerSearch: 5000,
        readerAssistant: 100,
        readerFeedback: 60,
      },
      onLimiterFailure: 'open',
      redisKeyPrefix: 'docsite:ratelimit:',
    });
    expect(DEFAULT_RUNTIME_CONFIG.rateLimits).toEqual(parse('{}').config?.rateLimits);
  });

  it('overrides any value and keeps the defaults of the others', () => {
    const { config } = parse(
      '{"rateLimits": {"search": 20, "analytics": 5, "windowSeconds": 60, "onLimiterFailure": "closed", "redisKeyPrefix": "acme:prod:"}}',
    );
    expect(config?.rateLimits).toEqual({
      windowSeconds: 60,
      quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, search: 20, analytics: 5 },
      onLimiterFailure: 'closed',
      redisKeyPrefix: 'acme:prod:',
    });
  });

  it('refuses unknown quotas, quotas below 1, other failure policies and prefixes with spaces, saying where', () => {
    const cases = [
      '{"rateLimits": {"serch": 5}}',
      '{"rateLimits": {"search": 0}}',
      '{"rateLimits": {"onLimiterFailure": "maybe"}}',
      '{"rateLimits": {"redisKeyPrefix": "a b"}}',
      '{"rateLimits": {"search": 1.5}}',
    ];
    for (const text of cases) {
      const result = parse(text);
      expect(result.config, text).toBeUndefined();
      expect(result.diagnostics[0], text).toMatchObject({ file: 'docsite.config.json', line: 1, severity: 'error' });
    }
  });
});
