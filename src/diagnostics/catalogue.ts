// The permanent catalogue of diagnostic codes: what each means and what to do about it.
// Codes never change meaning once published; CI scripts match on them.

/** Every diagnostic code docsite can report. */
export type DiagnosticCode = keyof typeof catalogue;

/** How serious a problem is: errors fail `validate` and `build`, warnings only with `--strict`. */
export type Severity = 'error' | 'warning';

interface CatalogueEntry {
  readonly severity: Severity;
  /**
   * How serious it is to `build`, when less than to `validate`: a page with a broken link still
   * renders (Mintlify builds it too), so the build goes on and reports it; `--strict` stops it.
   */
  readonly buildSeverity?: Severity;
  /** What to do about it, shown under the message. */
  readonly hint: string;
}

export const catalogue = {
  'config/missing': { severity: 'error', hint: 'Create a docs.json at the root of the docs folder, or pass the folder that has one.' },
  'config/invalid-json': { severity: 'error', hint: 'docs.json must be strict JSON: no comments, no trailing commas, double-quoted keys.' },
  'config/too-deep': {
    severity: 'error',
    hint: 'Nest navigation less deeply: close the arrays and objects you meant to close, or flatten groups within groups.',
  },
  'config/schema': { severity: 'error', hint: 'See schemas/docs.schema.json for the allowed keys and values.' },
  'config/unknown-key': { severity: 'warning', hint: 'docsite ignores this key; check its spelling if you meant a known one.' },
  'config/unknown-value': {
    severity: 'warning',
    hint: 'docsite does not know this value (a newer Mintlify option?) and uses the default instead; check its spelling if you meant a known one.',
  },
  'config/ref-unreadable': {
    severity: 'error',
    hint: 'A "$ref" names a JSON file inside the docs folder, relative to the file that holds the "$ref": check the path.',
  },
  'config/ref-invalid': { severity: 'error', hint: 'A "$ref" names a file of strict JSON inside the docs folder, such as "./es.json".' },
  'config/ref-cycle': { severity: 'error', hint: 'A file included with "$ref" must not include, directly or through others, a file it is included from.' },
  'frontmatter/invalid-yaml': { severity: 'error', hint: 'Frontmatter is YAML between two `---` lines at the top of the page.' },
  'frontmatter/schema': { severity: 'error', hint: 'See schemas/frontmatter.schema.json for the allowed keys and values.' },
  'frontmatter/unknown-key': { severity: 'warning', hint: 'docsite ignores this key; check its spelling if you meant a known one.' },
  'mdx/syntax': { severity: 'error', hint: 'In MDX, `<` and `{` start JSX and expressions: escape them as `\\<` and `\\{` in prose.' },
  'mdx/snippet': {
    severity: 'error',
    hint: 'Import snippets by default import from snippets/ (`import Caution from "/snippets/caution.mdx"`) and place them as `<Caution />`.',
  },
  'mdx/too-deep': { severity: 'error', hint: 'Flatten the page: close elements you meant to close, or split deeply nested content into pages.' },
  'mdx/read-error': { severity: 'error', hint: 'Check the file permissions and that the file is UTF-8 text.' },
  'page/duplicate-path': {
    severity: 'error',
    hint: 'Two files give one page (`guide.md` and `guide.mdx`, or `guide.mdx` and `guide/index.mdx`): rename or remove one of them.',
  },
  'page/invalid-path': { severity: 'error', hint: 'Rename the file without "#" (say csharp.mdx for c#.mdx).' },
  'file/reserved-path': {
    severity: 'error',
    hint: 'Rename or move the file: the build writes the HTML of each page to `<page path>.html` and files of its own under `_docsite/`, and `serve` answers /mcp, /healthz and the other paths of `nav/reserved-path` itself.',
  },
  'file/symlink': {
    severity: 'warning',
    hint: 'docsite follows symbolic links only to files and folders inside the docs folder, so that a build never publishes what lies outside it: copy or move what the link leads to into the docs folder.',
  },
  'file/refused': {
    severity: 'error',
    hint: 'docsite reads only regular files inside the docs folder, so that a build never publishes what lies outside it: name a path inside the folder (no `..` above it, no symbolic link leading out of it), and copy what you meant into it.',
  },
  // A build leaves out what navigation names but no file holds, as Mintlify does.
  'nav/missing-page': {
    severity: 'error',
    buildSeverity: 'warning',
    hint: 'Create the page, or fix the path: pages are listed by file path without the extension.',
  },
  'nav/ignored-page': { severity: 'error', hint: 'The page matches .docsiteignore or an always-ignored name; remove it from navigation or un-ignore it.' },
  'nav/duplicate-page': { severity: 'warning', hint: 'The sidebar shows the page at its first listing only; list each page once per version and language.' },
  'nav/reserved-path': {
    severity: 'error',
    hint: 'docsite serve answers /mcp, /authed/mcp, /_docsite/, /.well-known/, /v1/analytics, /v1/assistant, /v1/openapi.json, /healthz, /readyz, /llms.txt, /llms-full.txt, /sitemap.xml, /robots.txt and /skill.md itself, in any letter case; move or rename the page.',
  },
  'nav/invalid-path': {
    severity: 'error',
    hint: 'List pages by their path from the docs folder without the extension, folders joined by "/": `guides/intro` for guides/intro.mdx, not `./guides/intro`, `../intro` or `guides\\intro`.',
  },
  'nav/invalid-entry': {
    severity: 'error',
    hint: 'A page entry is a page path, `<METHOD> <path>` under a group with `openapi`, or `<openapi file> <METHOD> <path>`.',
  },
  'nav/endpoint-without-openapi': {
    severity: 'error',
    hint: 'Set `openapi` on an enclosing group, tab or the api settings, or write the entry as `<openapi file> <METHOD> <path>`.',
  },
  'nav/duplicate-default': { severity: 'error', hint: 'Mark at most one version (or language) as `default: true`.' },
  // Pages that name it still show their own text, an API section lists nothing (crewAI's Edge pages name a spec that is not where they say; Mintlify builds them).
  'openapi/missing-file': { severity: 'error', buildSeverity: 'warning', hint: 'Check the path of the OpenAPI file; it is relative to the docs root.' },
  'openapi/invalid-file': { severity: 'error', hint: 'The OpenAPI file must be valid JSON or YAML with a `paths` object.' },
  // The page still shows its own text (a translated page whose spec lacks the operation, on mintlify/docs).
  'openapi/missing-operation': {
    severity: 'error',
    buildSeverity: 'warning',
    hint: 'The operation must exist under `paths` in the OpenAPI file with that method.',
  },
  'openapi/remote-file': {
    severity: 'warning',
    hint: 'docsite does not download specs: save the OpenAPI file in the docs folder and name its path, to show the operation on the page.',
  },
  'api/missing-server': { severity: 'error', hint: 'Set `api.mdx.server` in docs.json, or write a full URL in `api`.' },
  'api/invalid-method': { severity: 'error', hint: 'Use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE.' },
  'api/invalid-path': { severity: 'error', hint: 'Write `api` as `<METHOD> <full URL or /path>` with balanced `{param}` braces.' },
  'api/missing-key-name': { severity: 'error', hint: 'Set `api.mdx.auth.name` to the header that carries the key.' },
  'api/param-field-location': {
    severity: 'error',
    hint: 'Give ParamField exactly one of `path`, `body`, `query` or `header`, e.g. <ParamField query="limit" type="number">.',
  },
  'api/param-field-name': { severity: 'error', hint: 'The location attribute holds the parameter name, e.g. <ParamField path="id">.' },
  'api/response-field-name': { severity: 'error', hint: 'Give ResponseField a `name`, e.g. <ResponseField name="id" type="string">.' },
  'link/broken': { severity: 'error', buildSeverity: 'warning', hint: 'Fix the path, or create the page or file; links to ignored pages count as broken.' },
  'link/broken-anchor': { severity: 'error', buildSeverity: 'warning', hint: 'Anchors come from headings (or `{#custom-id}`); check the heading text.' },
  'link/script-url': {
    severity: 'error',
    hint: "Link to a page or an http(s) URL instead: javascript:, vbscript: and data: URLs (data: images aside) run script in readers' browsers, so docsite never publishes them.",
  },
  'script/syntax': {
    severity: 'warning',
    hint: 'Every .js file of the docs folder runs on every page as a classic script (not a module): fix the syntax, or move the file into snippets/ or a hidden folder if it is no page script.',
  },
  'script/unknown-origin': {
    severity: 'warning',
    hint: 'The pages\' Content-Security-Policy allows scripts from the site and from the origins its .js files write out where they set a script\'s src (`script.src = "https://widget.example.com/w.js"`): write the URL out, at least to its first `/`.',
  },
  'render/unknown-component': {
    severity: 'warning',
    hint: 'docsite renders its children as they are and runs no page code: check the name, write the component as an MDX snippet, or remove it.',
  },
  'render/unknown-icon': {
    severity: 'warning',
    hint: 'docsite draws Font Awesome Free (https://fontawesome.com/search?ic=free) and Lucide (https://lucide.dev/icons) icons, from the library docs.json `icons.library` names: check the name there, or give an image URL or path; the icon shows as a plain square meanwhile.',
  },
  'render/dynamic-component': {
    severity: 'warning',
    hint: 'docsite places components whose markup is static, props filled in, and runs no page code: write the markup out, or pass what it computes as props.',
  },
  'render/invalid-math': {
    severity: 'warning',
    hint: 'Write the math as KaTeX reads it (https://katex.org/docs/supported): check braces and command names; a `$` meant as a dollar sign is written `\\$`.',
  },
  'skill/invalid': { severity: 'error', hint: 'A skill file needs YAML frontmatter with a `name` and a `description` (Agent Skills format).' },
  'skill/duplicate-name': { severity: 'warning', hint: 'Give each skill its own `name`, or remove the copy; only the first file of a name is served.' },
  'redirect/missing-destination': { severity: 'warning', hint: 'Point the redirect at a page that exists.' },
  'runtime-config/invalid-json': { severity: 'error', hint: 'The runtime config must be strict JSON: no comments, no trailing commas, double-quoted keys.' },
  'runtime-config/schema': { severity: 'error', hint: 'See schemas/runtime-config.schema.json for the allowed keys and values.' },
  'runtime-config/unknown-key': {
    severity: 'error',
    hint: 'Unknown runtime config keys are errors so that a misspelt setting never weakens security; check the spelling.',
  },
  'runtime-config/inline-secret': { severity: 'error', hint: 'Write secrets as {"env": "NAME"} or {"file": "path"}, never in the config file itself.' },
  'runtime-config/secret-unavailable': { severity: 'error', hint: 'Set the environment variable, or create the file, that the reference names.' },
} as const satisfies Record<string, CatalogueEntry>;
