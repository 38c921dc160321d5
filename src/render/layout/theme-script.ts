// The one inline script of a page: it applies the reader's remembered light/dark choice before the
// first paint (an external script would run after it: a flash of the wrong theme). The page's CSP
// allows it by its hash, and nothing else inline.
import { createHash } from 'node:crypto';

/** The localStorage key of the reader's choice: `light`, `dark` or `system`. */
export const THEME_STORAGE_KEY = 'docsite-theme';

/**
 * Sets `data-appearance` on `<html>` from the reader's choice (unless docs.json's
 * `appearance.strict` fixed it: `data-appearance-strict`), then `html.dark` as Mintlify marks
 * dark mode for sites' custom CSS. Any failure (storage blocked) leaves the site's default.
 */
export const THEME_SCRIPT = `(function(){var r=document.documentElement;try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(!r.hasAttribute('data-appearance-strict')){if(t==='light'||t==='dark')r.setAttribute('data-appearance',t);else if(t==='system')r.removeAttribute('data-appearance');}}catch(e){}var a=r.getAttribute('data-appearance');r.classList.toggle('dark',a==='dark'||(!a&&matchMedia('(prefers-color-scheme: dark)').matches));})();`;

/** The CSP source that allows THEME_SCRIPT. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
