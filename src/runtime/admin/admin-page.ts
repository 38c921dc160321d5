// The dashboard's page shell: landmarks, navigation, its stylesheet and script, and headers that keep it out of caches and frames.
import type { Response } from 'express';
import { AUTH_PATHS, escapeHtml } from '../../auth/index.js';
import { ADMIN_PATHS } from './admin-paths.js';

/** A page of the dashboard: its heading, which navigation entry it is, and its escaped HTML body. */
export interface AdminPage {
  title: string;
  /** The navigation entry to mark as current. */
  current: string;
  /** Escaped HTML inside `<main>`, after the heading. */
  body: string;
  /** A notice shown above the body: `error` is announced as an alert, `done` as a status. */
  notice?: { kind: 'done' | 'error'; text: string } | undefined;
}

/** What every page's header shows. */
export interface AdminChrome {
  siteName: string;
  owner: string;
  /** Whether the Security & access → MCP page exists (site authentication on). */
  mcpPage: boolean;
}

function navigation(current: string, chrome: AdminChrome): string {
  const entries: [string, string][] = [
    [ADMIN_PATHS.home, 'Overview'],
    [ADMIN_PATHS.keys, 'API keys'],
    ...(chrome.mcpPage ? [[ADMIN_PATHS.mcp, 'Security & access → MCP'] as [string, string]] : []),
    [ADMIN_PATHS.analytics, 'Assistant analytics'],
    [ADMIN_PATHS.feedback, 'Feedback'],
    [ADMIN_PATHS.searches, 'Search and agents'],
  ];
  const items = entries.map(([href, label]) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`);
  return `<nav aria-label="Dashboard"><ul>${items.join('')}</ul></nav>`;
}

/** Sends a dashboard page with `status`. */
export function sendAdminPage(res: Response, status: number, page: AdminPage, chrome: AdminChrome): void {
  const notice = page.notice
    ? `<p class="notice ${page.notice.kind}" role="${page.notice.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(page.notice.text)}</p>`
    : '';
  res
    .status(status)
    .set({
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'Content-Security-Policy':
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    })
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<meta name="color-scheme" content="light dark"><title>${escapeHtml(page.title)} · ${escapeHtml(chrome.siteName)} dashboard</title>` +
        `<link rel="stylesheet" href="${ADMIN_PATHS.assets}/admin.css"><script type="module" src="${ADMIN_PATHS.assets}/admin.js"></script></head>` +
        `<body><a class="skip" href="#content">Skip to content</a><header><p class="brand">${escapeHtml(chrome.siteName)} dashboard</p>` +
        `<p class="who">Signed in as <strong>${escapeHtml(chrome.owner)}</strong> · <a href="${AUTH_PATHS.logout}">Sign out</a></p></header>` +
        `${navigation(page.current, chrome)}<main id="content" tabindex="-1"><h1>${escapeHtml(page.title)}</h1>${notice}${page.body}</main>` +
        `<div id="announcer" class="visually-hidden" role="status" aria-live="polite"></div></body></html>`,
    );
}
