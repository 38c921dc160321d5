// Loads the OpenAPI files that navigation and pages reference, and checks each operation exists.
import { parse as parseYaml } from 'yaml';
import { RefusedPathError, type ConfinedFolder, type HttpMethod } from '../content/index.js';
import { diagnostic, type Diagnostic, type Position } from '../diagnostics/index.js';

/** A reference to one OpenAPI operation, and where it was written. */
export interface OperationReference {
  openapi: string;
  method: HttpMethod;
  path: string;
  /** The file (docs.json or a page) and position of the reference. */
  file: string;
  at: Position;
}

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

/**
 * Reads every local OpenAPI file referenced (remote URLs are not fetched) from `folder` and
 * reports refused, missing and unparsable files and missing operations at the place of each reference.
 */
export async function checkOperations(
  folder: ConfinedFolder,
  references: readonly OperationReference[],
  files: ReadonlySet<string>,
): Promise<{ documents: Map<string, OpenApiDocument>; diagnostics: Diagnostic[] }> {
  const documents = new Map<string, OpenApiDocument>();
  const failures = new Map<string, string | RefusedPathError>();
  const diagnostics: Diagnostic[] = [];
  for (const ref of references) {
    if (REMOTE.test(ref.openapi)) continue;
    const file = openApiPath(ref.openapi);
    if (!files.has(file)) {
      const refused = folder.refusalOf(file);
      if (refused) diagnostics.push(diagnostic('file/refused', ref.file, ref.at, `OpenAPI file ${refused.message}`));
      else diagnostics.push(diagnostic('openapi/missing-file', ref.file, ref.at, `OpenAPI file "${ref.openapi}" does not exist or is ignored.`));
      continue;
    }
    if (!documents.has(file) && !failures.has(file)) {
      const loaded = await loadDocument(folder, file);
      if (typeof loaded === 'string' || loaded instanceof RefusedPathError) failures.set(file, loaded);
      else documents.set(file, loaded);
    }
    const failure = failures.get(file);
    if (failure instanceof RefusedPathError) {
      diagnostics.push(diagnostic('file/refused', ref.file, ref.at, `OpenAPI file ${failure.message}`));
      continue;
    }
    if (failure !== undefined) {
      diagnostics.push(diagnostic('openapi/invalid-file', ref.file, ref.at, `OpenAPI file "${file}" cannot be used: ${failure}`));
      continue;
    }
    const operation = documents.get(file)!.paths[ref.path]?.[ref.method.toLowerCase()];
    if (!operation) {
      diagnostics.push(diagnostic('openapi/missing-operation', ref.file, ref.at, `OpenAPI file "${file}" has no operation ${ref.method} ${ref.path}.`));
    }
  }
  return { documents, diagnostics };
}

/**
 * Adds the local OpenAPI `file` that no operation reference loaded (docs.json names it, no page
 * uses it) to `documents`, when it parses: no page shows it, so a broken or refused one is only left out.
 */
export async function addUnusedDocument(
  folder: ConfinedFolder,
  file: string,
  files: ReadonlySet<string>,
  documents: Map<string, OpenApiDocument>,
): Promise<void> {
  if (REMOTE.test(file) || documents.has(file) || !files.has(file)) return;
  const loaded = await loadDocument(folder, file);
  if (typeof loaded !== 'string' && !(loaded instanceof RefusedPathError)) documents.set(file, loaded);
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
