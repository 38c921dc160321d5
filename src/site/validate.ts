// `validate`: loads a docs folder and sorts its diagnostics into errors and warnings.
import { bySeverity, type Diagnostic } from '../diagnostics/index.js';
import { loadSite, type LoadOptions } from './load-site.js';

export interface ValidateOptions extends LoadOptions {
  /** Treat warnings as errors. */
  strict?: boolean;
}

/** The outcome of validating a docs folder. */
export interface ValidationReport {
  ok: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** Pages found (parsed or not). */
  pageCount: number;
}

/** Checks a docs folder and reports every problem at once. Throws UsageError when it is not a docs folder. */
export async function validate(dir: string, options: ValidateOptions = {}): Promise<ValidationReport> {
  let pageCount = 0;
  const { diagnostics } = await loadSite(dir, {
    ...options,
    onProgress(done, total) {
      pageCount = total;
      options.onProgress?.(done, total);
    },
  });
  const { errors, warnings } = bySeverity(diagnostics, options.strict);
  return { ok: errors.length === 0, errors, warnings, pageCount };
}
