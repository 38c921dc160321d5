import { describe, expect, it } from 'vitest';
import { extractHeadingIds } from '../../src/content/heading-ids.js';

describe('extractHeadingIds', () => {
  it('takes {#id} off headings and keeps every other character in place', () => {
    const source = '# Intro\n\n## Rotating keys {#key-rotation}\n\ntext {#not-a-heading}\n';
    const { source: out, idsByLine } = extractHeadingIds(source);
    expect(idsByLine).toEqual(new Map([[3, 'key-rotation']]));
    expect(out.length).toBe(source.length);
    expect(out.split('\n')[2]!.trimEnd()).toBe('## Rotating keys');
    expect(out).toContain('text {#not-a-heading}');
  });

  it('leaves fenced code alone', () => {
    const source = '```bash\n# comment {#x}\n```\n\n~~~\n## also code {#y}\n~~~\n## Real {#z}\n';
    const { idsByLine, source: out } = extractHeadingIds(source);
    expect([...idsByLine.values()]).toEqual(['z']);
    expect(out).toContain('# comment {#x}');
  });
});
