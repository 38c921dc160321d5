// Diagnostics: problems with the user's input, collected and reported like a compiler does.
import { catalogue, type DiagnosticCode, type Severity } from './catalogue.js';

/** One problem in the docs folder, pointing at a file, line and column. */
export interface Diagnostic {
  /** Path relative to the docs root, with `/` separators. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  hint: string;
  /**
   * For a problem in a snippet's text (the file named): the pages that place the snippet, and the
   * line of each placement. A snippet placed on 40 pages is one problem, reported once.
   */
  placedOn?: Placement[];
}

/** Where a page places a snippet. */
export interface Placement {
  file: string;
  line: number;
}

/** A 1-based line and column in a file. */
export interface Position {
  line: number;
  column: number;
  /**
   * The file the position is in, when it may not be the file a check reports on: a value of
   * docs.json written in a part that docs.json includes with `$ref`. A diagnostic then names this file.
   */
  file?: string;
}

export const START: Position = { line: 1, column: 1 };

/** Builds a diagnostic with the catalogue's severity and hint for `code`. */
export function diagnostic(code: DiagnosticCode, file: string, at: Position, message: string): Diagnostic {
  const entry = catalogue[code];
  return { file: at.file ?? file, line: at.line, column: at.column, code, severity: entry.severity, message, hint: entry.hint };
}

/** Where something is on a page, and where it is written when a snippet placed it there. */
export type PagePosition = Position & { writtenAt?: Position };

/**
 * The diagnostic `code` of something on the page `file` at `at`; for something a snippet placed
 * there, at the place it is written in the snippet (`at.writtenAt`), the placement in `placedOn`.
 */
export function pageDiagnostic(code: DiagnosticCode, file: string, at: PagePosition, message: string): Diagnostic {
  if (!at.writtenAt) return diagnostic(code, file, at, message);
  return { ...diagnostic(code, file, at.writtenAt, message), placedOn: [{ file, line: at.line }] };
}

/**
 * `diagnostics` with each problem in a snippet reported once: the copies its placements gave (same
 * file, place, code and message) become one that lists every placement in `placedOn`.
 */
export function mergePlacements(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const merged = new Map<string, { diagnostic: Diagnostic; seen: Set<string> }>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (!d.placedOn) {
      out.push(d);
      continue;
    }
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.code}\0${d.message}`;
    let entry = merged.get(key);
    if (!entry) {
      entry = { diagnostic: { ...d, placedOn: [] }, seen: new Set() };
      merged.set(key, entry);
      out.push(entry.diagnostic);
    }
    for (const placement of d.placedOn) {
      const at = `${placement.file}\0${placement.line}`;
      if (entry.seen.has(at)) continue;
      entry.seen.add(at);
      entry.diagnostic.placedOn!.push(placement);
    }
  }
  return out;
}

/** Stable report order: by file, then line, then column, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/** The diagnostics as `build` counts them: what still renders (a broken link) is a warning there (see `buildSeverity`). */
export function asBuildDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => {
    const entry = catalogue[d.code];
    const severity = 'buildSeverity' in entry ? entry.buildSeverity : d.severity;
    return severity === d.severity ? d : { ...d, severity };
  });
}

/** Splits diagnostics by severity; with `strict`, warnings count as errors (`--strict`). */
export function bySeverity(diagnostics: readonly Diagnostic[], strict = false): { errors: Diagnostic[]; warnings: Diagnostic[] } {
  const counted = strict ? diagnostics.map((d) => ({ ...d, severity: 'error' as const })) : diagnostics;
  return { errors: counted.filter((d) => d.severity === 'error'), warnings: counted.filter((d) => d.severity === 'warning') };
}
