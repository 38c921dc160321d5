// The output writer: content given in parts lands as the parts joined, and counts as the same file as that text.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter } from '../../src/bundle/output-writer.js';

describe('OutputWriter', () => {
  it('writes content given in parts (more than one writev takes) as the parts joined, and later takes that text as unchanged', () => {
    const out = mkdtempSync(join(tmpdir(), 'docsite-output-writer-'));
    const parts = Array.from({ length: 3000 }, (_, i) => (i % 2 === 0 ? `part ${i} é\n` : Buffer.from(`bytes ${i} ✓\n`, 'utf8')));
    const text = parts.map((part) => part.toString()).join('');

    const first = new OutputWriter(out);
    first.add('llms-full.txt', parts);
    expect(first.commit()).toBe(1);
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toBe(text);

    const again = new OutputWriter(out);
    again.add('llms-full.txt', text);
    expect(again.commit()).toBe(0);

    const changed = new OutputWriter(out);
    changed.add('llms-full.txt', [...parts, 'one more part\n']);
    expect(changed.commit()).toBe(1);
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toBe(`${text}one more part\n`);
  });

  it('copies a file by its stamp: again only when the stamp changes, and counts it as written then', () => {
    const out = mkdtempSync(join(tmpdir(), 'docsite-output-writer-'));
    const source = join(mkdtempSync(join(tmpdir(), 'docsite-asset-')), 'demo.mp4');
    writeFileSync(source, 'first cut');

    const first = new OutputWriter(out);
    first.copy('videos/demo.mp4', source, 'file:9:1:1');
    expect(first.commit()).toBe(1);
    expect(readFileSync(join(out, 'videos/demo.mp4'), 'utf8')).toBe('first cut');

    // Same stamp: the previous copy stands, unread (the stamp is what vouches for it).
    writeFileSync(source, 'other bytes');
    const same = new OutputWriter(out);
    same.copy('videos/demo.mp4', source, 'file:9:1:1');
    expect(same.commit()).toBe(0);
    expect(readFileSync(join(out, 'videos/demo.mp4'), 'utf8')).toBe('first cut');

    const changed = new OutputWriter(out);
    changed.copy('videos/demo.mp4', source, 'file:11:2:2');
    expect(changed.commit()).toBe(1);
    expect(readFileSync(join(out, 'videos/demo.mp4'), 'utf8')).toBe('other bytes');
  });
});
