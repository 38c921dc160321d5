// What a site's own .js files need of the pages' Content-Security-Policy: the origins they load scripts from, their inline handlers.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfinedFolder } from '../../src/content/index.js';
import { readCustomScripts } from '../../src/site/custom-scripts.js';
import { writeSite } from '../helpers/site.js';

/** readCustomScripts over one file `custom.js` holding `source`: its origins, and its diagnostics as `line:column code`. */
function originsOf(source: string): { origins: string[]; problems: string[] } {
  const { origins, diagnostics } = readCustomScripts(new ConfinedFolder(writeSite({ 'custom.js': source })), ['custom.js']);
  return { origins, problems: diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`) };
}

describe('readCustomScripts', () => {
  it("reads the origin of a script element's src, set or given as an attribute (Mintlify's and Kapa's way)", () => {
    expect(originsOf("const script = document.createElement('script');\nscript.src = 'https://example.com/widget.js';").origins).toEqual([
      'https://example.com',
    ]);
    expect(originsOf('let s;\ns = document.createElement("SCRIPT");\ns.setAttribute("src", "https://Widget.Kapa.ai/kapa-widget.bundle.js");').origins).toEqual([
      'https://widget.kapa.ai',
    ]);
    // Written out up to its path, the rest computed; a port is part of the origin; `//host` is taken as https.
    const parts = originsOf(
      `const a = document.createElement("script"); a.src = \`https://cdn.example.com/v\${2}/w.js\`;\n` +
        'const b = document.createElement("script"); b["src"] = "http://127.0.0.1:8080" + "/x.js";\n' +
        'const c = document.createElement("script"); c.src = "//static.example.org/c.js";',
    );
    expect(parts).toEqual({ origins: ['http://127.0.0.1:8080', 'https://cdn.example.com', 'https://static.example.org'], problems: [] });
  });

  it("leaves other elements' src alone and the site's own paths out", () => {
    const source =
      'const img = document.createElement("img"); img.src = "https://images.example.com/a.png";\n' +
      'const own = document.createElement("script"); own.src = "/scripts/extra.js";\n' +
      'const rel = document.createElement("script"); rel.src = "./more.js" + "?v=" + 2;';
    expect(originsOf(source)).toEqual({ origins: [], problems: [] });
  });

  it('warns where a script src is not written out far enough to tell its origin, and allows none for it', () => {
    const source =
      'const host = location.hostname;\n' +
      'const a = document.createElement("script");\n' +
      `a.src = \`https://\${host}/w.js\`;\n` +
      'const b = document.createElement("script"); b.src = "https://cdn." + host + "/w.js";\n' +
      'const c = document.createElement("script"); c.src = cdnUrl;\n' +
      'const d = document.createElement("script"); d.setAttribute("src", url);';
    expect(originsOf(source)).toEqual({
      origins: [],
      problems: ['3:9 script/unknown-origin', '4:53 script/unknown-origin', '5:53 script/unknown-origin', '6:67 script/unknown-origin'],
    });
  });

  it('warns of a file a browser cannot run as a script, at the line of the mistake', () => {
    expect(originsOf('const ok = 1;\nimport x from "./x.js";\n')).toEqual({ origins: [], problems: ['2:1 script/syntax'] });
    expect(originsOf('function (').problems).toEqual(['1:10 script/syntax']);
  });

  it('hashes the inline event handlers of the markup a script writes, as the browser reads them', () => {
    const hash = (handler: string): string => `'sha256-${createHash('sha256').update(handler).digest('base64')}'`;
    const source =
      'const banner = document.createElement("div");\n' +
      `banner.innerHTML = \`<button onclick="window.acceptAll()">Accept</button><button onClick='hide(&quot;x&quot;)'>No</button>\`;\n` +
      'banner.querySelector("button").setAttribute("onmouseover", "preview()");\n' +
      // Its value computed: no hash can match it, it stays blocked.
      `const row = (i) => \`<a onclick="pick(\${i})">\${i}</a>\`;\n`;
    const { handlers, diagnostics } = readCustomScripts(new ConfinedFolder(writeSite({ 'banner.js': source })), ['banner.js']);
    expect(diagnostics).toEqual([]);
    expect(handlers).toEqual([hash('window.acceptAll()'), hash('hide("x")'), hash('preview()')].sort());
  });
});
