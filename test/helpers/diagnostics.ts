// Test helpers for comparing diagnostics by what users see: file, line, column and code.
import type { Diagnostic } from '../../src/diagnostics/index.js';

/** The part of a diagnostic a fixture pins down. */
export interface ExpectedDiagnostic {
  file: string;
  line: number;
  column: number;
  code: string;
}

export function brief(diagnostics: readonly Diagnostic[]): ExpectedDiagnostic[] {
  return diagnostics.map(({ file, line, column, code }) => ({ file, line, column, code }));
}
