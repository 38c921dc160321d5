// A page's HTML as readers get it: the page file with its sidebar put in, marked for that page.
import { insertSidebar } from '../render/index.js';
import type { ManifestPage } from './manifest.js';
import type { LoadedBundle } from './read-bundle.js';

/**
 * Reads `page`'s HTML from the bundle and puts in the sidebar it names, with the page's link
 * current and the collapsed groups around it open. Access filtering is the caller's (see ReaderView).
 */
export async function readPageHtml(bundle: LoadedBundle, page: ManifestPage): Promise<string> {
  return insertSidebar((await bundle.folder.readAsync(page.html)).toString('utf8'), page.url, (key) => bundle.sidebars.get(key));
}
