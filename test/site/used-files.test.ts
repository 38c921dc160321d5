// The files a page uses: what decides who may read them.
import { describe, expect, it } from 'vitest';
import { usedFiles } from '../../src/site/used-files.js';

const link = (url: string, kind: 'link' | 'image' = 'link') => ({ kind, url, line: 1, column: 1 });
const targets = {
  pages: new Set(['guides/intro', 'api/index']),
  files: new Set(['images/a.png', 'images/logo.svg', 'files/report.pdf', 'snippets/x.mdx', 'guides/intro.mdx', 'api/index.mdx', 'spec.yaml']),
  siteFiles: new Set(['images/logo.svg']),
};

describe('usedFiles', () => {
  it('lists the files images and links point at, resolved from the page, with its OpenAPI file', () => {
    const page = {
      path: 'guides/setup',
      links: [link('../images/a.png', 'image'), link('/files/report.pdf?x=1#p2'), link('/images/a.png', 'image'), link('https://example.com/x.png', 'image')],
    };
    expect(usedFiles(page, 'spec.yaml', targets)).toEqual(['files/report.pdf', 'images/a.png', 'spec.yaml']);
  });

  it('leaves out pages, the site’s own files, unpublished files and files that do not exist', () => {
    const page = {
      path: 'index',
      links: [
        link('/guides/intro'),
        link('/guides/intro.mdx'),
        link('/api'),
        link('/images/logo.svg', 'image'),
        link('/snippets/x.mdx'),
        link('/missing.png', 'image'),
      ],
    };
    expect(usedFiles(page, undefined, targets)).toEqual([]);
  });
});
