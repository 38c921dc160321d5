// `docsite feedback list|status|export`: the triage of page feedback from the command line, on the state every server uses.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Feedback } from '../../src/store/index.js';
import { runCli } from '../helpers/cli.js';

describe('docsite feedback', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-feedback-'));
  const state = ['--data-dir', join(dir, 'state'), '--project', 'acme'];
  const saved: Feedback[] = [];
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    const store = await openStore({ dataDir: join(dir, 'state') });
    saved.push(await store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: 'Step 3 is outdated', source: 'agent', helpful: false }));
    saved.push(await store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: '', source: 'widget', helpful: true }));
    saved.push(await store.addFeedback({ projectId: 'acme', path: '/install', comment: 'Which version?', source: 'widget', helpful: false }));
    await store.close();
  });

  it('lists feedback newest first, filtered by status, source and page, paged with --cursor', () => {
    const table = runCli(['feedback', 'list', ...state]).stdout.split('\n');
    expect(table[0]).toMatch(/^ID\s+CREATED\s+SOURCE\s+ANSWER\s+STATUS\s+PAGE\s+COMMENT$/);
    expect(table.slice(1, 4).map((line) => line.split(/\s+/)[0])).toEqual([saved[2]!.id, saved[1]!.id, saved[0]!.id]);
    expect(table[3]).toMatch(/agent\s+report\s+open\s+\/quickstart\s+Step 3 is outdated/);
    const first = runCli(['feedback', 'list', ...state, '--limit', '1', '--page', '/quickstart']);
    expect(first.stdout).toContain(`More: --cursor ${saved[1]!.id}`);
    const next = JSON.parse(runCli(['feedback', 'list', ...state, '--limit', '1', '--page', '/quickstart', '--cursor', saved[1]!.id, '--json']).stdout);
    expect(next).toEqual({ feedback: [saved[0]], nextCursor: null, hasMore: false });
    expect(JSON.parse(runCli(['feedback', 'list', ...state, '--source', 'widget', '--json']).stdout).feedback).toEqual([saved[2], saved[1]]);
    const wrong = runCli(['feedback', 'list', ...state, '--status', 'done']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--status must be one of open, resolved, dismissed');
  });

  it('sets a status, and lists and exports it', () => {
    expect(runCli(['feedback', 'status', saved[0]!.id, 'resolved', ...state])).toMatchObject({
      code: 0,
      stdout: `Feedback ${saved[0]!.id} is now resolved.\n`,
    });
    expect(runCli(['feedback', 'status', saved[0]!.id, 'done', ...state]).code).toBe(2);
    const missing = runCli(['feedback', 'status', '01JJ2V8M3Q1ZK5Y8E4WQ6T0B7C', 'open', ...state]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no feedback 01JJ2V8M3Q1ZK5Y8E4WQ6T0B7C in project acme');
    expect(JSON.parse(runCli(['feedback', 'list', ...state, '--status', 'resolved', '--json']).stdout).feedback).toEqual([{ ...saved[0], status: 'resolved' }]);
    const out = join(dir, 'feedback.csv');
    expect(runCli(['feedback', 'export', ...state, '--format', 'csv', '--out', out]).stderr).toBe(`Exported 3 pieces of feedback of project acme to ${out}.\n`);
    const lines = readFileSync(out, 'utf8').split('\r\n');
    expect(lines[0]).toBe('id,createdAt,path,source,status,helpful,comment');
    expect(lines[3]).toBe(`${saved[0]!.id},${saved[0]!.createdAt},/quickstart,agent,resolved,false,Step 3 is outdated`);
    const open = runCli(['feedback', 'export', ...state, '--status', 'open'])
      .stdout.trim()
      .split('\n');
    expect(open.map((line) => JSON.parse(line).status)).toEqual(['open', 'open']);
  });

  it('has --help on each command', () => {
    for (const args of [['feedback'], ['feedback', 'list'], ['feedback', 'status'], ['feedback', 'export']]) {
      expect(runCli([...args, '--help']).stdout).toContain('Usage: docsite');
    }
  });
});
