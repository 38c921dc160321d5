// What one principal sees of the site: readable pages and files, HTML with no trace of the pages they may not read.
import type { LoadedBundle, ManifestPage } from '../bundle/index.js';
import { canRead, type PageAccess, type Principal } from '../site/index.js';

/** The access checks of one request, all through `canRead`. */
export interface ReaderView {
  principal: Principal;
  authentication: boolean;
  /** Whether this reader may read a page, or a file pages use (an OpenAPI file). */
  canRead(item: { access: PageAccess }): boolean;
  /**
   * The page's HTML as this reader may see it: without the navigation the build marked
   * (render/layout/access-marks.ts) that leads to pages they may not read, without the sidebar
   * groups and switchers that leaves empty, and without the marks and numbering that would
   * count what was taken out. What is left is what a site without those pages would show.
   */
  filterHtml(html: string): string;
}

/** A marked link: its tag, its access mark and the rest of it. */
const MARKED_LINK = /<(li|a) data-access="([^"]*)"([^>]*>[\s\S]*?<\/\1>)/g;
/** One candidate of a link with several (see choiceMark), its access mark gone: its tag, its key and the rest of it. */
const CHOICE = /<(li|a) data-choice="([^"]*)"([^>]*>[\s\S]*?<\/\1>)/g;
/** A sidebar group with nothing left in it (render/layout/sidebar.ts). */
const EMPTY_GROUP = /<li class="nav-group"><details data-group="g\d+"(?: open)?><summary>(?:(?!<\/summary>)[\s\S])*<\/summary><ul><\/ul><\/details><\/li>/g;
/** A version or language switcher with one option left: the current one (render/layout/header.ts). */
const LONE_SWITCHER = /<details class="switcher"><summary(?:(?!<\/summary>)[\s\S])*<\/summary><ul><li>(?:(?!<\/?li)[\s\S])*<\/li><\/ul><\/details>/g;
const GROUP_NUMBER = /data-group="g\d+"/g;
/** A playground for signed-in readers only (`playground: auth`, render/layout/api-endpoint.ts); its text holds no `</form>` unescaped. */
const SIGNED_IN_PLAYGROUND = /<form class="playground" data-readers="signed-in"[\s\S]*?<\/form>/g;

/** Keeps the first candidate of each link, without its choice mark; drops the others. */
function firstCandidates(html: string): string {
  const kept = new Set<string>();
  return html.replace(CHOICE, (_element, tag: string, key: string, rest: string) => {
    if (kept.has(key)) return '';
    kept.add(key);
    return `<${tag}${rest}`;
  });
}

/** `html` without `pattern`'s matches, also those that removing others leaves (a group of empty groups). */
function removeAll(html: string, pattern: RegExp): string {
  let before: string;
  let after = html;
  do {
    before = after;
    after = before.replace(pattern, '');
  } while (after !== before);
  return after;
}

/** `html` without its empty sidebar groups, the groups left numbered again from 1, so no gap shows where one was taken out. */
function withoutEmptyGroups(html: string): string {
  // A scan for the empty list first: most pages have no empty group, and it is far cheaper than the pattern.
  if (!html.includes('<ul></ul>')) return html;
  const left = removeAll(html, EMPTY_GROUP);
  if (left === html) return html;
  let group = 0;
  return left.replace(GROUP_NUMBER, () => `data-group="g${++group}"`);
}

export function readerView(principal: Principal, authentication: boolean): ReaderView {
  const allows = (mark: string): boolean => {
    const groups = mark
      .split(' ')
      .filter((token) => token.startsWith('group:'))
      .map((token) => token.slice(6));
    return canRead(principal, { public: false, groups }, authentication);
  };
  return {
    principal,
    authentication,
    canRead: (item) => canRead(principal, item.access, authentication),
    filterHtml: (html) => {
      // Links the reader may follow stay, without their mark: it names the other groups that may.
      const readable = html.replace(MARKED_LINK, (_element, tag: string, mark: string, rest: string) => (allows(mark) ? `<${tag}${rest}` : ''));
      const shown = withoutEmptyGroups(firstCandidates(readable));
      const switched = shown.includes('<details class="switcher">') ? shown.replace(LONE_SWITCHER, '') : shown;
      // A scan for the mark first, as for the groups: few pages have such a playground.
      const signedInOnly = principal.kind === 'anonymous' && switched.includes('data-readers="signed-in"');
      return signedInOnly ? switched.replace(SIGNED_IN_PLAYGROUND, '') : switched;
    },
  };
}

/** Pages of the bundle this reader may read, in manifest order. */
export function readablePages(bundle: LoadedBundle, view: ReaderView): ManifestPage[] {
  return bundle.manifest.pages.filter((page) => view.canRead(page));
}
