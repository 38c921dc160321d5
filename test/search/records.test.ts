// recordsOf: which pages and sections become search records, and what each record carries.
import { describe, expect, it } from 'vitest';
import { recordsOf } from '../../src/search/index.js';
import { page } from './fixtures.js';

describe('recordsOf', () => {
  it('makes one record per section, the intro without an anchor', () => {
    const records = recordsOf([
      page('guides/install', {
        title: 'Install',
        intro: 'How to install.',
        sections: [
          { heading: 'On macOS', text: 'Use brew.' },
          { heading: ['On macOS', 'Apple silicon'], text: 'Native.' },
        ],
        versions: ['v2'],
        languages: ['en'],
        groups: ['staff'],
        public: false,
      }),
    ]);
    expect(records).toEqual([
      {
        id: 'guides/install',
        title: 'Install',
        url: '/guides/install',
        headingPath: [],
        text: 'How to install.',
        versions: ['v2'],
        languages: ['en'],
        access: { public: false, groups: ['staff'] },
      },
      {
        id: 'guides/install#on-macos',
        title: 'Install',
        url: '/guides/install#on-macos',
        headingPath: ['On macOS'],
        text: 'Use brew.',
        versions: ['v2'],
        languages: ['en'],
        access: { public: false, groups: ['staff'] },
      },
      {
        id: 'guides/install#apple-silicon',
        title: 'Install',
        url: '/guides/install#apple-silicon',
        headingPath: ['On macOS', 'Apple silicon'],
        text: 'Native.',
        versions: ['v2'],
        languages: ['en'],
        access: { public: false, groups: ['staff'] },
      },
    ]);
  });

  it('leaves out pages that are not indexed', () => {
    const records = recordsOf([page('a', { intro: 'x' }), page('hidden', { intro: 'y', indexed: false })]);
    expect(records.map((r) => r.id)).toEqual(['a']);
  });

  it('gives a page without sections one record, so its title can be found', () => {
    expect(recordsOf([page('empty', { title: 'Empty page' })])).toEqual([
      { id: 'empty', title: 'Empty page', url: '/empty', headingPath: [], text: '', versions: [], languages: [], access: { public: true, groups: [] } },
    ]);
  });

  it('keeps ids unique and deterministic even when anchors repeat', () => {
    const pages = [
      page('a', {
        sections: [
          { heading: 'Dup', anchor: 'x' },
          { heading: 'Dup again', anchor: 'x' },
        ],
      }),
    ];
    expect(recordsOf(pages).map((r) => r.id)).toEqual(['a#x', 'a#x~2']);
    expect(recordsOf(pages)).toEqual(recordsOf(pages));
  });

  it('does not share arrays with the site model', () => {
    const source = page('a', { intro: 'x', versions: ['v1'] });
    const [record] = recordsOf([source]);
    record!.versions.push('v2');
    expect(source.versions).toEqual(['v1']);
  });
});
