// A small site with a page of math, pages with Mermaid diagrams (one broken) and a page with neither.
import { page } from './site.js';

export const FEATURE_SITE = {
  'docs.json': { name: 'Features', navigation: { pages: ['index', 'math', 'diagram', 'broken-diagram'] } },
  'index.mdx': page({ title: 'Home' }, 'Neither math nor diagrams; it costs $5.'),
  'math.mdx': page(
    { title: 'Math' },
    'Euler: $e^{i\\pi} + 1 = 0$, in $\\mathbb{C}$.\n\n$$\n\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}\n$$\n\nBroken: $\\frac{1}{$.',
  ),
  'diagram.mdx': page(
    { title: 'Diagram' },
    '```mermaid\nflowchart LR\n  A[Start] --> B{Works?}\n  B -->|Yes| C[Ship]\n```\n\n<Mermaid chart="sequenceDiagram\n  Alice->>Bob: Hello" />',
  ),
  'broken-diagram.mdx': page({ title: 'Broken diagram' }, '```mermaid\nflowchart LR\n  A --> --> B(\n```'),
};
