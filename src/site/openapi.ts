// Loads the OpenAPI files that navigation and pages reference, and checks each operation exists.
import { parse as parseYaml } from 'yaml';
import { RefusedPathError, type ConfinedFolder, type HttpMethod } from '../content/index.js';
import { diagnostic, type Diagnostic, type Position } from '../diagnostics/index.js';
import { operationIn } from './openapi-schema.js';

/** A reference to an OpenAPI file, and where it was written. */
export interface SpecReference {
  openapi: string;
  /** The file (docs.json or a page) and position of the reference. */
  file: string;
  at: Position;
}

/** A reference to one OpenAPI operation (or webhook, by name), and where it was written. */
export interface OperationReference extends SpecReference {
  method: HttpMethod;
  path: string;
  webhook?: true;
}

/** Local OpenAPI files read so far, by path: the document, why it cannot be used, or the refusal to read it. */
export type LoadedSpecs = Map<string, OpenApiDocument | string | RefusedPathError>;

/** A parsed OpenAPI document; only `paths` is relied upon here. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

const REMOTE = /^https?:\/\//i;

/** Whether an OpenAPI file reference is a URL: docsite does not fetch those. */
export function isRemoteSpec(reference: string): boolean {
  return REMOTE.test(reference);
}

/** Normalizes an OpenAPI file reference to a path relative to the docs root. */
export function openApiPath(reference: string): string {
  return reference.replace(/^\.?\/+/, '');
}

/** The document of the local file `openapi` names, when it was read and parses. */
export function usableSpec(loaded: LoadedSpecs, openapi: string): OpenApiDocument | undefined {
  const document = loaded.get(openApiPath(openapi));
  return typeof document === 'object' && !(document instanceof RefusedPathError) ? document : undefined;
}

/** Reads each local file of `openapis` that exists (URLs are not fetched) and is not in `loaded` yet into it. */
export async function loadSpecs(folder: ConfinedFolder, openapis: readonly string[], files: ReadonlySet<string>, loaded: LoadedSpecs): Promise<void> {
  for (const file of openapis.filter((openapi) => !REMOTE.test(openapi)).map(openApiPath)) {
    if (files.has(file) && !loaded.has(file)) loaded.set(file, await loadDocument(folder, file));
  }
}

/**
 * Reads every local OpenAPI file referenced (remote URLs are not fetched) from `folder`, those
 * `loaded` lacks, and reports refused, missing and unparsable files and missing operations at the
 * place of each reference. A remote file is reported for a reference to the whole spec (an API
 * section), which shows nothing without it.
 */
export async function checkOperations(
  folder: ConfinedFolder,
  references: readonly (SpecReference | OperationReference)[],
  files: ReadonlySet<string>,
  loaded: LoadedSpecs,
): Promise<{ documents: Map<string, OpenApiDocument>; diagnostics: Diagnostic[] }> {
  const documents = new Map<string, OpenApiDocument>();
  const diagnostics: Diagnostic[] = [];
  for (const ref of references) {
    if (REMOTE.test(ref.openapi)) {
      if (!('method' in ref)) {
        const message = `The OpenAPI file ${ref.openapi} is a URL, which is not fetched at build time: no pages are generated for its operations.`;
        diagnostics.push(diagnostic('openapi/remote-file', ref.file, ref.at, message));
      }
      continue;
    }
    const file = openApiPath(ref.openapi);
    if (!files.has(file)) {
      const refused = folder.refusalOf(file);
      if (refused) diagnostics.push(diagnostic('file/refused', ref.file, ref.at, `OpenAPI file ${refused.message}`));
      else diagnostics.push(diagnostic('openapi/missing-file', ref.file, ref.at, `OpenAPI file "${ref.openapi}" does not exist or is ignored.`));
      continue;
    }
    await loadSpecs(folder, [file], files, loaded);
    const document = loaded.get(file)!;
    if (document instanceof RefusedPathError) {
      diagnostics.push(diagnostic('file/refused', ref.file, ref.at, `OpenAPI file ${document.message}`));
      continue;
    }
    if (typeof document === 'string') {
      diagnostics.push(diagnostic('openapi/invalid-file', ref.file, ref.at, `OpenAPI file "${file}" cannot be used: ${document}`));
      continue;
    }
    documents.set(file, document);
    if ('method' in ref && !operationIn(document, ref)) {
      const operation = ref.webhook ? `webhook ${ref.path}` : `${ref.method} ${ref.path}`;
      diagnostics.push(diagnostic('openapi/missing-operation', ref.file, ref.at, `OpenAPI file "${file}" has no operation ${operation}.`));
    }
  }
  return { documents, diagnostics };
}

/** A parsed OpenAPI file; why it cannot be used, or the refusal to read it. */
export async function loadDocument(folder: ConfinedFolder, file: string): Promise<OpenApiDocument | string | RefusedPathError> {
  try {
    const value: unknown = parseYaml((await folder.readAsync(file)).toString('utf8'));
    if (typeof value !== 'object' || value === null || typeof (value as OpenApiDocument).paths !== 'object') {
      return 'it has no `paths` object.';
    }
    return value as OpenApiDocument;
  } catch (error) {
    if (error instanceof RefusedPathError) return error;
    return `${(error as Error).message.split('\n')[0]}`;
  }
}
