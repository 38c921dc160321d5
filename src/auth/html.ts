// The small HTML pages of sign-in, consent and errors: escaped text, no scripts, never framed.
import type { Response } from 'express';

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Hidden form inputs for each entry (values escaped). */
export function hiddenInputs(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2328}
main{box-sizing:border-box;max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
@media (max-width:30rem){main{margin:1rem;padding:1.5rem}}
h1{font-size:1.3rem;margin:0 0 1rem}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #bbb;border-radius:6px;font:inherit}
button{margin-top:1.25rem;padding:.55rem 1.1rem;border:0;border-radius:6px;background:#4f46e5;color:#fff;font:inherit;cursor:pointer}
button.secondary{background:#e5e7eb;color:#1f2328;margin-left:.5rem}.error{color:#b42318}.muted{color:#57606a;font-size:.9rem}code{word-break:break-all}`;

/**
 * Sends a complete page. `body` must already be escaped HTML. The headers keep it out of caches
 * and frames (clickjacking a consent button) and allow no script at all. The referrer policy
 * keeps the page's URL (the consent page's holds OAuth parameters) from other sites, yet lets the
 * browser name the site as `Origin` when the page's own forms post back (`no-referrer` would make
 * it `null`).
 */
export function sendAuthPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set({
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    })
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}
