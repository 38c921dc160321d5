// The export's formats: JSON Lines, and CSV with RFC 4180 quoting and formula-safe cells.
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, csvRow, formatConversation } from '../../src/analytics/index.js';
import type { Conversation } from '../../src/store/index.js';

const conversation: Conversation = {
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  timestamp: '2025-01-31T09:30:00.123Z',
  query: 'How do I "void", an invoice?\nAnd refund it?',
  response: 'Use POST /invoices/{id}/void.',
  sources: [{ title: 'Void an invoice', url: 'https://docs.acme.test/api-reference/invoices/void' }],
  queryCategory: null,
  pageUrl: 'https://docs.acme.test/quickstart',
  resolutionStatus: 'answered',
};

describe('CSV', () => {
  it('quotes only fields that need it and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('keeps spreadsheets from running a cell as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-rf')).toBe("'-rf");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(CSV_COLUMNS)).toBe('id,timestamp,query,response,sources,queryCategory,pageUrl,resolutionStatus\r\n');
  });

  it('writes a conversation with its sources as JSON', () => {
    expect(formatConversation(conversation, 'csv')).toBe(
      '01ARZ3NDEKTSV4RRFFQ69G5FAV,2025-01-31T09:30:00.123Z,"How do I ""void"", an invoice?\nAnd refund it?",Use POST /invoices/{id}/void.,' +
        '"[{""title"":""Void an invoice"",""url"":""https://docs.acme.test/api-reference/invoices/void""}]",,https://docs.acme.test/quickstart,answered\r\n',
    );
  });
});

describe('JSON Lines', () => {
  it('writes one conversation per line, as the endpoint returns it', () => {
    const line = formatConversation(conversation, 'jsonl');
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(conversation);
  });
});
