// `docsite serve` with the assistant's model configured through DOCSITE_ASSISTANT_*, and keys made by `docsite keys`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModel, type FakeModel } from '../api/fake-model.js';
import { BIN, runCli } from '../helpers/cli.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

const MODEL_KEY = 'sk-serve-test-key';

/** Runs `fn` with extra environment variables set (children spawned meanwhile inherit them). */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('docsite serve: the assistant with a model from the environment', () => {
  let site: string;
  let dataDir: string;
  let model: FakeModel;
  let server: ServeProcess;

  beforeAll(async () => {
    site = copyExample();
    dataDir = mkdtempSync(join(tmpdir(), 'docsite-data-'));
    model = await startFakeModel();
    model.answerWith({ content: 'Webhooks are signed; verify the signature header.' });
    server = await withEnv({ DOCSITE_ASSISTANT_URL: model.baseUrl, DOCSITE_ASSISTANT_MODEL: 'docs-small', DOCSITE_ASSISTANT_API_KEY: MODEL_KEY }, () =>
      startServe(site, ['--data-dir', dataDir]),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await model?.close();
  });

  it('answers through the model with keys created by the CLI, and the analytics API lists the conversation', async () => {
    const assistant = JSON.parse(runCli(['keys', 'create', '--kind', 'assistant', '--json', '--data-dir', dataDir]).stdout).key as string;
    const admin = JSON.parse(runCli(['keys', 'create', '--kind', 'admin', '--json', '--data-dir', dataDir]).stdout).key as string;
    const asked = await fetch(`${server.url}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${assistant}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'How do I verify webhook signatures?', pagePath: '/guides/webhooks' }),
    });
    expect(asked.status).toBe(200);
    const conversation = (await asked.json()) as { id: string; response: string; sources: { url: string }[]; pageUrl: string };
    expect(conversation.response).toBe('Webhooks are signed; verify the signature header.');
    expect(conversation.sources[0]!.url).toMatch(new RegExp(`^${server.url}/guides/webhooks`));
    expect(conversation.pageUrl).toBe(`${server.url}/guides/webhooks`);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.body.model).toBe('docs-small');
    expect(model.requests[0]!.headers.authorization).toBe(`Bearer ${MODEL_KEY}`);

    const listed = await fetch(`${server.url}/v1/analytics/acme/assistant`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(((await listed.json()) as { conversations: unknown[] }).conversations).toEqual([conversation]);
    expect(server.output()).not.toContain(MODEL_KEY);
    expect(server.output()).not.toContain(assistant);
  });

  it('refuses to start with incomplete model settings', () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', site, '--port', '0', '--data-dir', dataDir], {
      encoding: 'utf8',
      env: { ...process.env, DOCSITE_ASSISTANT_URL: 'https://api.example.test/v1', DOCSITE_ASSISTANT_MODEL: '' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/DOCSITE_ASSISTANT_URL and DOCSITE_ASSISTANT_MODEL/);
  });
});
