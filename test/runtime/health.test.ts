// `/readyz` names the failing dependency, as a load balancer reads it (the ready case: test/runtime/pages.test.ts).
import { cpSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBundle } from '../../src/bundle/index.js';
import { exampleBundle, startRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('health endpoints', () => {
  let runtime: TestRuntime | undefined;
  afterEach(async () => {
    await runtime?.close();
    runtime = undefined;
  });

  it('answers 503 naming the store when the database cannot be used, while /healthz stays 200', async () => {
    runtime = await startRuntime();
    await runtime.store.close();
    const ready = await fetch(`${runtime.url}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe('unavailable');
    expect(body.checks.bundle).toBe('ok');
    expect(body.checks.store).not.toBe('ok');
    expect((await fetch(`${runtime.url}/healthz`)).status).toBe(200);
  });

  it('answers 503 naming the bundle when its folder is gone', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'docsite-bundle-')), 'dist');
    cpSync((await exampleBundle()).dir, dir, { recursive: true });
    runtime = await startRuntime({ bundle: await readBundle(dir) });
    renameSync(dir, `${dir}-moved`);
    const ready = await fetch(`${runtime.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { bundle: 'the bundle folder is gone', store: 'ok', rateLimiter: 'ok' } });
  });
});
