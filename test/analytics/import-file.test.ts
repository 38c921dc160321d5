// readConversationFile: line-by-line checks with file:line problems; defaults for what other systems lack.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportFileError, INSTANT_FORMS, readConversationFile } from '../../src/analytics/index.js';

function file(lines: (string | object)[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'docsite-import-')), 'conversations.jsonl');
  writeFileSync(path, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'));
  return path;
}

async function problemsOf(path: string): Promise<string[]> {
  const error = await readConversationFile(path, 'acme').catch((e: unknown) => e);
  if (!(error instanceof ImportFileError)) throw new Error('expected ImportFileError');
  return error.problems;
}

describe('readConversationFile', () => {
  it('reads full lines as they are and fills in what other systems lack', async () => {
    const full = {
      id: '01arz3ndektsv4rrffq69g5fav',
      timestamp: '2025-01-31T09:30:00.123Z',
      query: 'q',
      response: 'r',
      sources: [{ title: 'T', url: 'https://d/x' }],
      queryCategory: 'Guides',
      pageUrl: 'https://d/y',
      resolutionStatus: 'unanswered',
    };
    const path = file([
      full,
      '',
      { timestamp: '2025-02-01T10:00:00+01:00', query: 'q2', response: 'r2' },
      '   ',
      { timestamp: '2025-02-02', query: 'q3', response: 'r3', sources: [{ title: 'A', url: 'https://d/a' }] },
    ]);
    const rows = await readConversationFile(path, 'acme');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ ...full, projectId: 'acme', id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(rows[1]).toMatchObject({
      projectId: 'acme',
      timestamp: '2025-02-01T09:00:00.000Z',
      sources: [],
      queryCategory: null,
      pageUrl: null,
      resolutionStatus: 'unanswered',
    });
    expect(rows[1]!.id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(rows[2]).toMatchObject({ timestamp: '2025-02-02T00:00:00.000Z', resolutionStatus: 'answered' });
  });

  it('names the file and line of every problem', async () => {
    const ok = { timestamp: '2025-01-31T09:30:00Z', query: 'q', response: 'r' };
    const path = file([
      ok,
      '{"timestamp": ',
      { ...ok, timestamp: '2025-02-30' },
      { query: 'q', response: 'r' },
      { ...ok, resolutionStatus: 'maybe' },
      { ...ok, userId: 7 },
      { ...ok, id: 'nope' },
      { ...ok, sources: [{ title: 'T' }] },
      { ...ok, id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      { ...ok, id: '01arz3ndektsv4rrffq69g5fav' },
      '[1, 2]',
      { ...ok, query: '' },
    ]);
    expect(await problemsOf(path)).toEqual([
      `${path}:2: not valid JSON (${(() => {
        try {
          JSON.parse('{"timestamp": ');
        } catch (e) {
          return (e as Error).message;
        }
      })()})`,
      `${path}:3: timestamp must be ${INSTANT_FORMS}; got "2025-02-30"`,
      `${path}:4: missing field "timestamp"`,
      `${path}:5: resolutionStatus must be one of answered, unanswered`,
      `${path}:6: unknown field "userId"`,
      `${path}:7: id must be a ULID`,
      `${path}:8: missing field "url" in sources.0`,
      `${path}:10: id 01ARZ3NDEKTSV4RRFFQ69G5FAV repeats line 9`,
      `${path}:11: the line must be a JSON object`,
      `${path}:12: query must not be empty`,
    ]);
  });

  it('takes timestamps in every ISO 8601 form the API takes, basic and week dates included', async () => {
    const rows = await readConversationFile(
      file(['20250131T0930Z', '2025-W05-5', '2025031', '2025'].map((timestamp) => ({ timestamp, query: 'q', response: 'r' }))),
      'acme',
    );
    expect(rows.map((row) => row.timestamp)).toEqual([
      '2025-01-31T09:30:00.000Z',
      '2025-01-31T00:00:00.000Z',
      '2025-01-31T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ]);
  });

  it('takes pageUrl only as a full http(s) URL (SPEC 2.1), naming the line of any other', async () => {
    const ok = { timestamp: '2025-01-31T09:30:00Z', query: 'q', response: 'r' };
    const path = file([
      { ...ok, pageUrl: 'https://docs.acme.com/quickstart' },
      { ...ok, pageUrl: '/quickstart' },
      { ...ok, pageUrl: 'quickstart' },
      { ...ok, pageUrl: '//docs.acme.com/quickstart' },
      { ...ok, pageUrl: 'javascript:alert(1)' },
      { ...ok, pageUrl: null },
      { ...ok, pageUrl: 'http://localhost:3000/guides/webhooks#retries' },
    ]);
    const problems = await problemsOf(path);
    expect(problems).toEqual([
      `${path}:2: pageUrl must be a full http or https URL such as https://docs.example.com/quickstart, or null; got "/quickstart"`,
      `${path}:3: pageUrl must be a full http or https URL such as https://docs.example.com/quickstart, or null; got "quickstart"`,
      `${path}:4: pageUrl must be a full http or https URL such as https://docs.example.com/quickstart, or null; got "//docs.acme.com/quickstart"`,
      `${path}:5: pageUrl must be a full http or https URL such as https://docs.example.com/quickstart, or null; got "javascript:alert(1)"`,
    ]);
  });

  it('lists at most 20 problems but counts them all', async () => {
    const error = (await readConversationFile(file(Array.from({ length: 30 }, () => 'x')), 'acme').catch((e: unknown) => e)) as ImportFileError;
    expect(error.problems).toHaveLength(20);
    expect(error.total).toBe(30);
  });
});
