// `docsite dev` prints each warning once: after a save, only the new ones and those of the files saved.
import type { Diagnostic } from '../diagnostics/index.js';
import { plural } from './format-diagnostics.js';

export interface WarningsToPrint {
  /** The warnings to print now. */
  shown: Diagnostic[];
  /** One line on all of them after a rebuild, e.g. "463 warnings (unchanged)"; empty after the first build. */
  summary: string;
}

/**
 * A function of each build's warnings and changed files that says which warnings to print: every
 * one after the first build; after a rebuild, those it did not have before and those of the files
 * that changed (the author is looking at them), with a line counting the rest.
 */
export function warningsOncePerChange(): (warnings: readonly Diagnostic[], changed: readonly string[]) => WarningsToPrint {
  let previous: Set<string> | undefined;
  return (warnings, changed) => {
    const keys = warnings.map(warningKey);
    const before = previous;
    previous = new Set(keys);
    if (!before) return { shown: [...warnings], summary: '' };
    const changedFiles = new Set(changed);
    const isNew = keys.map((key) => !before.has(key));
    const shown = warnings.filter((warning, i) => isNew[i] || changedFiles.has(warning.file));
    const added = isNew.filter(Boolean).length;
    const gone = [...before].filter((key) => !previous!.has(key)).length;
    const change = [added > 0 ? `${added} new` : '', gone > 0 ? `${gone} fixed` : ''].filter(Boolean).join(', ') || 'unchanged';
    return { shown, summary: warnings.length === 0 && gone === 0 ? '' : `${plural(warnings.length, 'warning')} (${change})` };
  };
}

function warningKey(warning: Diagnostic): string {
  return `${warning.file}\0${warning.line}\0${warning.column}\0${warning.code}\0${warning.message}`;
}
