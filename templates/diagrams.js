// docsite: draws a page's Mermaid diagrams from their source (`<pre class="mermaid">`) with the
// Mermaid library of the bundle, in the page's mode (`html.dark`), and again when the mode changes.
// Only pages that have a diagram load it; until it has drawn, and when a diagram has an error,
// the page shows the diagram's source.
import mermaid from './mermaid/mermaid.esm.min.mjs';

const root = document.documentElement;
const diagrams = [...document.querySelectorAll('pre.mermaid')].map((source) => ({ source, text: source.textContent, shown: undefined }));
/** The mode the diagrams are drawn (or being drawn) in: true for dark. */
let mode;
let renders = 0;

const draw = async () => {
  const dark = root.classList.contains('dark');
  if (dark === mode) return;
  mode = dark;
  // `strict`: labels are text, links and click handlers of the source are dropped. Layout by dagre,
  // Mermaid's own (Mermaid 12 would default to ELK, 500 KB gzip more per page, and needs Node 22).
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', layout: 'dagre', theme: dark ? 'dark' : 'default' });
  for (const diagram of diagrams) {
    const id = `docsite-diagram-${++renders}`;
    let drawing;
    try {
      await mermaid.parse(diagram.text);
      const { svg } = await mermaid.render(id, diagram.text);
      drawing = document.createElement('div');
      drawing.className = 'mermaid-diagram';
      drawing.innerHTML = svg;
    } catch (error) {
      // Mermaid may leave its scratch element behind when rendering fails.
      document.getElementById(`d${id}`)?.remove();
      drawing = document.createElement('p');
      drawing.className = 'mermaid-error';
      drawing.textContent = `This diagram could not be drawn. ${error?.message ?? error}`;
    }
    if (mode !== dark) return; // the mode changed meanwhile: the newer draw takes over
    diagram.shown?.remove();
    diagram.shown = drawing;
    diagram.source.hidden = drawing.className !== 'mermaid-error';
    diagram.source.before(drawing);
  }
};

// docsite.js marks the mode before the page is parsed to the end; this module may arrive earlier.
if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
await draw();
new MutationObserver(draw).observe(root, { attributes: true, attributeFilter: ['class'] });
