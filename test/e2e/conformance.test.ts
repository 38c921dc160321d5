// The official MCP conformance suite against `docsite serve`'s /mcp, with the Node 22 it requires.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE, NODE_22 } from '../helpers/conformance.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

let server: ServeProcess;

beforeAll(async () => {
  server = await startServe(copyExample());
}, 120_000);
afterAll(() => server?.stop());

describe('MCP conformance suite', () => {
  it('is installed', () => {
    expect(existsSync(NODE_22) && existsSync(CONFORMANCE), 'run `npm install` (its prepare step installs tools/conformance)').toBe(true);
  });

  it.each(SCENARIOS)('passes %s', (scenario) => {
    const result = spawnSync(NODE_22, [CONFORMANCE, 'server', '--url', server.mcpUrl, '--scenario', scenario], { encoding: 'utf8', timeout: 60_000 });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output).not.toMatch(/\bFAIL(ED)?\b/);
  });
});
