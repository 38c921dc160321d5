// Names derived from the site name: the project id and the site part of MCP tool names.

/** "Acme Docs" -> "acme-docs": the analytics project id unless the runtime config sets one. */
export function projectIdOf(siteName: string): string {
  return words(siteName).join('-') || 'docs';
}

/** "LangChain" -> "lang_chain" (REFERENCE.md), cut so tool names stay short. */
export function toolSiteName(siteName: string, maxLength = 24): string {
  const name = words(siteName).join('_') || 'docs';
  return name.length <= maxLength ? name : name.slice(0, maxLength).replace(/_+$/, '');
}

/** Lower-case ASCII words, splitting camelCase and dropping accents and punctuation. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
