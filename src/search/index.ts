// The search module: build, serialize, load and query the site's full-text index.
export { recordsOf, type SearchRecord, type SearchablePage } from './records.js';
export { partitionPages } from './partition.js';
export { MAX_QUERY_LENGTH } from './query-terms.js';
export { hitHeading, SearchIndex, SEARCH_LIMIT, type IndexOptions, type SearchHit, type SearchOptions, type SnippetMarks } from './search-index.js';
export { RECENT_RESULTS } from './recent-results.js';
export { resultsByPage, type PageResult, type SectionResult } from './page-results.js';
export type { Reader } from './reader.js';
export { INDEX_FORMAT_VERSION, type SerializedIndex, type SerializedPage, type SerializedSection } from './serialized.js';
