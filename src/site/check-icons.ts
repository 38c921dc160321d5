// Reports icons that neither library docsite draws from has (see findIcon), on pages and in docs.json navigation.
import { CONFIG_FILE, iconOfConfig, siteIconLibrary, type DocsConfig, type IconConfig, type SourceLocator } from '../config/index.js';
import type { PageModel } from '../content/index.js';
import { pageDiagnostic, START, type Diagnostic, type PagePosition } from '../diagnostics/index.js';
import { findIcon, isImageIcon, type IconLibrary, type IconRequest } from '../icons/index.js';

/** The diagnostic of `request` when `library` lacks it (an image URL or path is never one), else undefined. */
function unknownIcon(request: IconRequest, library: IconLibrary, file: string, at: PagePosition): Diagnostic | undefined {
  if (isImageIcon(request.name) || findIcon(request, library)) return undefined;
  return pageDiagnostic('render/unknown-icon', file, at, `Neither Font Awesome Free nor Lucide has an icon "${request.name}"; it is drawn as a plain square.`);
}

/** Unknown icons of `page`: those its components name, and its frontmatter `icon`. */
export function checkPageIcons(page: PageModel, library: IconLibrary): Diagnostic[] {
  const { icon, iconType } = page.frontmatter;
  const uses = [
    ...(page.icons ?? []).map((use) => ({ request: { name: use.name, style: use.style }, at: use })),
    ...(typeof icon === 'string' ? [{ request: { name: icon, style: iconType }, at: page.frontmatterPositions.icon ?? START }] : []),
  ];
  return uses.flatMap(({ request, at }) => unknownIcon(request, library, page.file, at) ?? []);
}

/** Unknown icons of docs.json `navigation`: the `icon` of any tab, anchor, group or other division, a name or `{name, style, library}`. */
export function checkNavigationIcons(config: DocsConfig, locator: SourceLocator): Diagnostic[] {
  const library = siteIconLibrary(config);
  const diagnostics: Diagnostic[] = [];
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'icon') {
        const request = iconOfConfig(child as IconConfig);
        // A value the schema refused (not a name, nor an object with one) is reported there.
        const found = typeof request?.name === 'string' && unknownIcon(request, library, CONFIG_FILE, locator.locate([...path, key], 'value'));
        if (found) diagnostics.push(found);
      } else visit(child, [...path, key]);
    }
  };
  visit(config.navigation, ['navigation']);
  return diagnostics;
}
