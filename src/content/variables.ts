// docs.json `variables`: `{{name}}` in pages and snippets replaced by its value before they are
// parsed, as Mintlify does at build time. Only names docs.json defines are replaced, so JSX object
// props (`style={{ color: "red" }}`) and other braces stay as written.

/** docs.json `variables`: name (letters, digits, hyphens) → the text it stands for. */
export type ContentVariables = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9-]+)\s*\}\}/g;

/** Whether a page's source may show a variable: a cheap test before any parsing, like mayUseSnippets. */
export function mayUseVariables(source: string): boolean {
  return source.includes('{{');
}

/** `text` with each `{{name}}` of a defined variable replaced by its value. */
export function fillVariables(text: string, variables: ContentVariables | undefined): string {
  if (!variables || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(variables, name) ? variables[name]! : placeholder));
}
