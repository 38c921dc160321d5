// Audit finding 2.4: one anonymous filesystem-tool call stalled the whole server. Replays the audit's
// command (alone and as a JSON-RPC batch) against `docsite serve` and checks that each call ends with
// the "too much work" error while /healthz and pages keep answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/serve-process.js';
import { page, writeSite } from '../helpers/site.js';

/** The audit's command: 950 whole-tree globs searched recursively, piped through a chain of sorts. */
const AUDIT_COMMAND = `grep -r -h -v zzzz ${'/** '.repeat(950)}| sort | sort -r | sort | sort -r | sort`;
/** Variations on it: the same work without globs, with cat, and with find. */
const VARIATIONS = [
  `grep -r -h -v zzzz ${'/ '.repeat(900)}| sort | sort -r | sort`,
  `cat ${'/**/*.mdx '.repeat(300)}| sort | sort -r | sort`,
  `find ${'/ '.repeat(1000)}| sort | sort -r`,
];
const FOLDERS = 10;
const PAGES_PER_FOLDER = 60;
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-06-18' };

let server: ServeProcess;
let tool: string;

/** A site of FOLDERS x PAGES_PER_FOLDER pages of a few KB each. */
function bigSite(): string {
  const files: Record<string, string | object> = {};
  const groups = Array.from({ length: FOLDERS }, (_, folder) => {
    const pages = Array.from({ length: PAGES_PER_FOLDER }, (_, i) => `folder-${folder}/page-${i}`);
    for (const path of pages) {
      const paragraphs = Array.from({ length: 30 }, (_, p) => `Paragraph ${p} of ${path}: webhooks retry events, tokens expire, invoices settle.`);
      files[`${path}.mdx`] = page({ title: `Page ${path}` }, `## Overview\n\n${paragraphs.join('\n\n')}`);
    }
    return { group: `Folder ${folder}`, pages };
  });
  files['docs.json'] = { name: 'Audit', navigation: { groups: [{ group: 'Home', pages: ['index'] }, ...groups] } };
  files['index.mdx'] = page({ title: 'Home' }, 'Welcome.');
  return writeSite(files);
}

/** POSTs a JSON-RPC body to /mcp; the parsed answer. */
async function post(body: unknown): Promise<any> {
  const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

const call = (id: number, command: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: { command } } });

/**
 * Runs `heavy` and, while it has not answered, requests `path` again and again, one after another.
 * Returns heavy's answer and the statuses of the requests answered before it.
 */
async function whileRunning<T>(heavy: Promise<T>, path: string): Promise<{ answer: T; answeredMeanwhile: number[] }> {
  let settled = false;
  const done = heavy.finally(() => void (settled = true));
  const answeredMeanwhile: number[] = [];
  while (!settled) {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    if (!settled) answeredMeanwhile.push(response.status);
  }
  return { answer: await done, answeredMeanwhile };
}

beforeAll(async () => {
  server = await startServe(bigSite(), ['--data-dir', writeSite({})]);
  const list = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  tool = list.result.tools.find((t: { name: string }) => t.name.startsWith('query_docs_filesystem')).name;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('the filesystem tool under the audit command', () => {
  it('answers the audit command with a "too much work" error while /healthz keeps answering', async () => {
    const { answer, answeredMeanwhile } = await whileRunning(post(call(2, AUDIT_COMMAND)), '/healthz');
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(/too much work: .*arguments/);
    // Health checks were answered, one after another, before the heavy call was: it did not hold the server.
    expect(answeredMeanwhile.length).toBeGreaterThanOrEqual(3);
    expect(new Set(answeredMeanwhile)).toEqual(new Set([200]));
  });

  it('answers each call of a batch of them with the error while pages keep answering', async () => {
    const commands = [AUDIT_COMMAND, ...VARIATIONS, AUDIT_COMMAND, ...VARIATIONS];
    const batch = post(commands.map((command, i) => call(10 + i, command)));
    const { answer, answeredMeanwhile } = await whileRunning(batch, '/folder-3/page-7');
    expect(answer).toHaveLength(commands.length);
    for (const response of answer) {
      expect(response.result.isError).toBe(true);
      expect(response.result.content[0].text).toMatch(/too much work: /);
    }
    expect(answeredMeanwhile.length).toBeGreaterThanOrEqual(3);
    expect(new Set(answeredMeanwhile)).toEqual(new Set([200]));
  });

  it('still answers ordinary commands after them', async () => {
    const answer = await post(call(99, 'grep -rc webhooks /folder-1 | wc -l && head -3 /folder-2/page-5.mdx'));
    expect(answer.result.isError).toBeUndefined();
    expect(answer.result.content[0].text).toMatch(/^60\n---\ntitle: "Page folder-2\/page-5"\n---\n$/);
  });
});
