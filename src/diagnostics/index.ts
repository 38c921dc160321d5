export { catalogue, type DiagnosticCode, type Severity } from './catalogue.js';
export {
  asBuildDiagnostics,
  bySeverity,
  diagnostic,
  compareDiagnostics,
  mergePlacements,
  pageDiagnostic,
  START,
  type Diagnostic,
  type PagePosition,
  type Placement,
  type Position,
} from './diagnostic.js';
export { LineIndex } from './line-index.js';
