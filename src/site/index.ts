export { loadSite, type LoadOptions, type LoadResult } from './load-site.js';
export { canRead, ANONYMOUS, type Principal } from './access.js';
export { validate, type ValidateOptions, type ValidationReport } from './validate.js';
export { resolveNavigation, normalizePagePath, isReservedPath } from './resolve-navigation.js';
export { pageUrl, encodedUrl, defaultTree, type SiteModel, type SitePage, type PageAccess } from './site-model.js';
export { resolveLink } from './check-links.js';
export type { ResolvedEndpoint } from './api-endpoint.js';
export type { OpenApiDocument } from './openapi.js';
export type * from './navigation-model.js';
