// Writes small docs sites into temporary folders for tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Creates a temp folder holding `files` (path -> content; objects are written as JSON). */
export function writeSite(files: Record<string, string | object>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsite-test-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

/** A page with YAML frontmatter from `data` and `body` below it. */
export function page(data: Record<string, unknown>, body = ''): string {
  const yaml = Object.entries(data)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n');
  return `---\n${yaml}\n---\n\n${body}\n`;
}
