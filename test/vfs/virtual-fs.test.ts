// The tree: built from flat paths, read by path, immutable, and closed at the root.
import { describe, expect, it } from 'vitest';
import { VirtualFs } from '../../src/vfs/index.js';
import { docs } from './fixture.js';

describe('VirtualFs', () => {
  it('implies directories from file paths and lists them sorted', () => {
    expect(docs.list('/')?.map((e) => e.name)).toEqual(['guides', 'index.mdx', 'openapi', 'quickstart.mdx']);
    expect(docs.list('/guides')?.map((e) => `${e.kind}:${e.name}`)).toEqual(['directory:advanced', 'file:auth.mdx', 'file:webhooks.mdx']);
    expect(docs.get('/guides/advanced')).toMatchObject({ kind: 'directory', path: '/guides/advanced', name: 'advanced' });
  });

  it('reads files and reports sizes in UTF-8 bytes', () => {
    const fs = new VirtualFs([{ path: '/é.mdx', content: 'café' }]);
    expect(fs.readFile('/é.mdx')).toBe('café');
    expect(fs.get('/é.mdx')).toMatchObject({ kind: 'file', size: 5 });
  });

  it('answers undefined for what is not there, or not of the asked kind', () => {
    expect(docs.exists('/nope.mdx')).toBe(false);
    expect(docs.readFile('/nope.mdx')).toBeUndefined();
    expect(docs.readFile('/guides')).toBeUndefined();
    expect(docs.list('/index.mdx')).toBeUndefined();
  });

  it('resolves relative paths against / and never climbs above it', () => {
    expect(docs.readFile('quickstart.mdx')).toBe(docs.readFile('/quickstart.mdx'));
    expect(docs.get('/../../..')).toBe(docs.root);
    expect(docs.readFile('/guides/../../../index.mdx')).toBe(docs.readFile('/index.mdx'));
    expect(docs.exists('../../etc/passwd')).toBe(false);
  });

  it('refuses duplicate paths and files where directories are implied', () => {
    expect(
      () =>
        new VirtualFs([
          { path: '/a.mdx', content: '' },
          { path: 'a.mdx', content: '' },
        ]),
    ).toThrow(/twice/);
    expect(
      () =>
        new VirtualFs([
          { path: '/a', content: '' },
          { path: '/a/b.mdx', content: '' },
        ]),
    ).toThrow(/file and a directory/);
    expect(
      () =>
        new VirtualFs([
          { path: '/a/b.mdx', content: '' },
          { path: '/a', content: '' },
        ]),
    ).toThrow();
  });

  it('is frozen: entries and listings cannot be changed', () => {
    const listing = docs.list('/') as unknown[];
    expect(() => listing.push('x')).toThrow(TypeError);
    const file = docs.get('/index.mdx') as { content: string };
    expect(() => {
      file.content = 'changed';
    }).toThrow(TypeError);
  });

  // How long a 10,000-page tree takes to build is the mcp benchmark's (npx tsx bench/index.ts mcp).
  it('builds 10,000 files into directories, each listing sorted', () => {
    const files = Array.from({ length: 10_000 }, (_, i) => ({ path: `/s${i % 50}/g${i % 7}/p${i}.mdx`, content: `page ${i}\n` }));
    const fs = new VirtualFs(files);
    expect(fs.readFile('/s3/g3/p3.mdx')).toBe('page 3\n');
    expect(fs.readFile('/s49/g3/p9999.mdx')).toBe('page 9999\n');
    const names = (fs.list('/s3/g3') ?? []).map((entry) => entry.name);
    expect(names).toHaveLength(29);
    expect(names).toEqual([...names].sort());
  });
});
