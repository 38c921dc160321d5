// Page frontmatter: every key Mintlify documents is accepted without a warning; only keys it does not know warn.
import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/content/index.js';

/** The frontmatter of Mintlify's organize/pages.mdx, optimize/seo.mdx, optimize/search.mdx and create/changelogs.mdx. */
const DOCUMENTED = `---
title: "Custom domain"
description: "Connect your domain."
sidebarTitle: "Domain"
icon: "globe"
iconType: "solid"
tag: "NEW"
hidden: true
noindex: true
searchable: false
boost: 0.25
deprecated: true
hideFooterPagination: true
related: ["quickstart", "settings"]
hideApiMarker: true
contextual:
  options: ["copy", "view"]
groups: ["admin"]
public: true
mode: "assistant"
url: "https://www.npmjs.com/package/mint"
keywords: ["configuration", "setup"]
canonical: "https://docs.example.com/latest/my-page"
robots: "noindex, nofollow"
timestamp: false
lastUpdatedDate: 2024-11-05
rss: true
asyncapi: "/asyncapi.yaml channelOne"
"og:title": "Social title"
"og:image:width": 1200
"twitter:card": "summary_large_image"
---

Body.
`;

describe('page frontmatter keys', () => {
  it("accepts every key of Mintlify's frontmatter reference without a diagnostic", () => {
    const { diagnostics } = parsePage('domain.mdx', DOCUMENTED);
    expect(diagnostics.map((d) => `${d.line} ${d.code} ${d.message}`)).toEqual([]);
  });

  it('accepts keywords written as one comma-separated string', () => {
    const { diagnostics } = parsePage('k.mdx', '---\ntitle: K\nkeywords: "one, two"\n---\n\nBody.\n');
    expect(diagnostics).toEqual([]);
  });

  it('still warns on a key Mintlify does not document, at its line', () => {
    const { diagnostics } = parsePage('odd.mdx', '---\ntitle: Odd\nsidebar_position: 3\n---\n\nBody.\n');
    expect(diagnostics.map((d) => `${d.line} ${d.severity} ${d.code}`)).toEqual(['3 warning frontmatter/unknown-key']);
  });

  it('rejects a boost that is not a positive number', () => {
    const { diagnostics } = parsePage('b.mdx', '---\ntitle: B\nboost: "high"\n---\n\nBody.\n');
    expect(diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(['3 frontmatter/schema']);
  });
});
