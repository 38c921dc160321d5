export { renderBody } from './render-body.js';
export { createSiteLayout, type SiteLayout } from './layout/page-layout.js';
export type { PageInputs } from './layout/page-inputs.js';
export { insertSidebar, isConsistentSidebar, sidebarForPage, sidebarMarker, type SidebarFile } from './layout/sidebar-file.js';
export { TEMPLATE_ASSETS, templateAsset, type TemplateAsset } from './template.js';
export { pageMarkdown } from './markdown.js';
export { llmsTxt, llmsFullTxt, llmsFullParts, markdownPath, summaryOf, type LlmsEntry, type LlmsSite } from './llms-txt.js';
export { sitemapXml } from './sitemap.js';
export { COMPONENTS } from './components/index.js';
