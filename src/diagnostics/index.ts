export { catalogue, type DiagnosticCode, type Severity } from './catalogue.js';
export { asBuildDiagnostics, bySeverity, diagnostic, compareDiagnostics, START, type Diagnostic, type Position } from './diagnostic.js';
export { LineIndex } from './line-index.js';
