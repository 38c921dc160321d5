// `docsite serve --redis-url` and DOCSITE_REDIS_URL: listed in the help, refused with a clear message when not a Redis URL.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli.js';
import { copyExample } from '../helpers/serve-process.js';

describe('docsite serve --redis-url', () => {
  it('is in the help, which never prints the URL from the environment', () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', '--help'], {
      encoding: 'utf8',
      env: { ...process.env, DOCSITE_REDIS_URL: 'redis://:s3cret-pw@cache:6379' },
    });
    // Help text wraps with the widest option: compare it with its line breaks as spaces.
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('--redis-url <url> Redis URL for rate limits shared by every instance');
    expect(result.stdout).not.toContain('s3cret-pw');
  });

  it('refuses what is not a Redis URL, from the flag or the environment, with exit code 2', () => {
    const site = copyExample();
    const flag = runCli(['serve', site, '--port', '0', '--redis-url', 'http://cache:6379']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/expected a redis:\/\/ or rediss:\/\/ URL/);
    const env = spawnSync(process.execPath, [BIN, 'serve', site, '--port', '0'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', DOCSITE_REDIS_URL: 'cache:6379' },
    });
    expect(env.status).toBe(2);
    expect(env.stderr).toMatch(/DOCSITE_REDIS_URL is not a redis:\/\/ or rediss:\/\/ URL/);
  });
});
