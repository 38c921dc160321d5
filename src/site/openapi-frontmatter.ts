// Pages with `openapi` frontmatter: finds the spec of each page's operation, then parses the page again with the operation added.
import { RefusedPathError, type ConfinedFolder, type FrontmatterDefaults, type ParsedPage } from '../content/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { isRemoteSpec, loadDocument, openApiPath, type OpenApiDocument } from './openapi.js';
import { operationAuth, operationBody, operationFrontmatter, type OperationAuth, type OperationSettings } from './openapi-page.js';
import { operationIn, type FoundOperation } from './openapi-schema.js';

const SPEC_FILE = /\.(json|ya?ml)$/i;
/** The opening key of an OpenAPI or Swagger document, in JSON or YAML. */
const SPEC_OPENING = /^\s*(?:\{\s*)?["']?(?:openapi|swagger)["']?\s*:/m;

export interface PageOperationsInput {
  folder: ConfinedFolder;
  /** Every non-ignored file of the docs folder, relative. */
  files: readonly string[];
  pages: readonly ParsedPage[];
  /** Local specs docs.json names (`api.openapi`, navigation `openapi` keys): searched with the folder's. */
  named: readonly string[];
  /** Specs loaded so far, by file; the specs the pages use are added. */
  documents: Map<string, OpenApiDocument>;
  /** The site's server, authentication and example settings. */
  settings: OperationSettings;
  /** Parses a page file's source with its operation added; `defaults` is the operation's frontmatter. */
  parse(file: string, source: string, defaults: FrontmatterDefaults): ParsedPage;
}

export interface PageOperations {
  /** The pages, those with an operation found parsed again with it. */
  pages: ParsedPage[];
  /** Page path -> the spec file of its operation. */
  specs: Map<string, string>;
  /** Page path -> the authentication its operation's spec gives it. */
  auth: Map<string, OperationAuth>;
  diagnostics: Diagnostic[];
}

/**
 * Adds each `openapi` page's operation below the page's own content, as Mintlify places it. A
 * named spec is found by its path or by its file name without extension; an operation without
 * one is looked up in every spec of the folder, first in path order (Mintlify's rule). A remote
 * spec is not fetched (a warning); an operation or spec not found is an error at the frontmatter.
 */
export async function addPageOperations(input: PageOperationsInput): Promise<PageOperations> {
  const diagnostics: Diagnostic[] = [];
  const specs = new Map<string, string>();
  const auth = new Map<string, OperationAuth>();
  const fileSet = new Set(input.files);
  const loaded = new Map<string, OpenApiDocument | string | RefusedPathError>(input.documents);
  const load = async (file: string): Promise<OpenApiDocument | string | RefusedPathError> => {
    let document = loaded.get(file);
    if (document === undefined) {
      document = await loadDocument(input.folder, file);
      loaded.set(file, document);
    }
    return document;
  };
  let allSpecs: string[] | undefined;
  const everySpec = async (): Promise<string[]> => {
    allSpecs ??= await findSpecs(input, fileSet, load);
    return allSpecs;
  };

  const pages: ParsedPage[] = [];
  for (const parsed of input.pages) {
    const reference = parsed.page.openapi;
    const source = reference ? await readSource(input.folder, parsed.page.file) : undefined;
    if (!reference || source === undefined) {
      pages.push(parsed);
      continue;
    }
    const { file: page, path: pagePath } = parsed.page;
    const operation = reference.webhook ? `webhook ${reference.path}` : `${reference.method} ${reference.path}`;
    let found: ({ file: string } & FoundOperation) | undefined;
    if (reference.file !== undefined && isRemoteSpec(reference.file)) {
      const message = `The OpenAPI file ${reference.file} is a URL, which is not fetched at build time: the page does not show ${operation}.`;
      diagnostics.push(diagnostic('openapi/remote-file', page, reference.at, message));
    } else if (reference.file !== undefined) {
      const file = specFileOf(reference.file, fileSet);
      const document = file === undefined ? undefined : await load(file);
      const refused = document instanceof RefusedPathError ? document : input.folder.refusalOf(openApiPath(reference.file));
      if (refused) {
        diagnostics.push(diagnostic('file/refused', page, reference.at, `OpenAPI file ${refused.message}`));
      } else if (file === undefined) {
        diagnostics.push(diagnostic('openapi/missing-file', page, reference.at, `OpenAPI file "${reference.file}" does not exist or is ignored.`));
      } else if (typeof document === 'string') {
        diagnostics.push(diagnostic('openapi/invalid-file', page, reference.at, `OpenAPI file "${file}" cannot be used: ${document}`));
      } else {
        const match = operationIn(document as OpenApiDocument, reference);
        if (match) found = { file, ...match };
        else diagnostics.push(diagnostic('openapi/missing-operation', page, reference.at, `OpenAPI file "${file}" has no operation ${operation}.`));
      }
    } else {
      const searched = await everySpec();
      for (const file of searched) {
        const document = await load(file);
        const match = typeof document === 'string' || document instanceof RefusedPathError ? undefined : operationIn(document, reference);
        if (match) {
          found = { file, ...match };
          break;
        }
      }
      if (!found && searched.length === 0) {
        const message = '`openapi` names no file, and the docs folder has no OpenAPI file to look the operation up in.';
        diagnostics.push(diagnostic('nav/endpoint-without-openapi', page, reference.at, message));
      } else if (!found) {
        const message = `No OpenAPI file has the operation ${operation}; searched ${searched.map((file) => `"${file}"`).join(', ')}.`;
        diagnostics.push(diagnostic('openapi/missing-operation', page, reference.at, message));
      }
    }
    if (!found) {
      pages.push(parsed);
      continue;
    }
    specs.set(pagePath, found.file);
    const operationAuthentication = operationAuth(found.document, reference.method, reference.path);
    if (operationAuthentication) auth.set(pagePath, operationAuthentication);
    input.documents.set(found.file, found.document);
    const data = operationFrontmatter(found.document, reference.method, reference.path, input.settings.siteServer);
    // Examples the page writes itself replace the generated ones, as on Mintlify.
    const own = { request: /<RequestExample[\s>]/.test(source), response: /<ResponseExample[\s>]/.test(source) };
    // After the page's own text, so every line of the file keeps its number in diagnostics.
    const composed = `${source.trimEnd()}\n\n${operationBody(found.document, reference.method, reference.path, input.settings, own)}`;
    pages.push(input.parse(page, composed, { data, at: reference.at }));
  }
  return { pages, specs, auth, diagnostics };
}

/** The local file a page's spec reference names: its path, or its name without extension. */
function specFileOf(reference: string, files: ReadonlySet<string>): string | undefined {
  const path = openApiPath(reference);
  if (files.has(path)) return path;
  if (SPEC_FILE.test(path)) return undefined;
  return ['json', 'yaml', 'yml'].map((ext) => `${path}.${ext}`).find((file) => files.has(file));
}

/** Every OpenAPI file of the folder, named by docs.json or not, in path order. */
async function findSpecs(
  input: PageOperationsInput,
  files: ReadonlySet<string>,
  load: (file: string) => Promise<OpenApiDocument | string | RefusedPathError>,
): Promise<string[]> {
  const specs = new Set(input.named.filter((file) => !isRemoteSpec(file)).map(openApiPath));
  for (const file of input.files) {
    if (specs.has(file) || !SPEC_FILE.test(file) || file === 'docs.json') continue;
    const head = await readSource(input.folder, file);
    if (head !== undefined && SPEC_OPENING.test(head.slice(0, 4096))) specs.add(file);
  }
  const usable: string[] = [];
  for (const file of [...specs].sort()) {
    const document = files.has(file) ? await load(file) : undefined;
    if (document !== undefined && typeof document !== 'string' && !(document instanceof RefusedPathError)) usable.push(file);
  }
  return usable;
}

/** A file's text; undefined when it cannot be read (its page was reported when parsed). */
async function readSource(folder: ConfinedFolder, file: string): Promise<string | undefined> {
  try {
    return (await folder.readAsync(file)).toString('utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}
