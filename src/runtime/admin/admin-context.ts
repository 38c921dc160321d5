// What every dashboard page shares: who the owner is, the page shell, CSRF-checked forms that record each action, and tables.
import express, { type Request, type RequestHandler, type Response } from 'express';
import { escapeHtml, hiddenInputs } from '../../auth/index.js';
import type { Store } from '../../store/index.js';
import { sendAdminPage, type AdminPage } from './admin-page.js';
import type { OwnerAccess } from './owner-access.js';

/** The dashboard's state and helpers, handed to each page's router. */
export interface AdminContext {
  store: Store;
  projectId: string;
  siteName: string;
  access: OwnerAccess;
  /** Whether the Security & access → MCP page exists (site authentication on). */
  mcpPage: boolean;
  /** The owner of a request that passed the dashboard's gate. */
  ownerOf(req: Request): string;
}

/** Sends `page` in the dashboard's shell. */
export function sendPage(ctx: AdminContext, req: Request, res: Response, status: number, page: AdminPage): void {
  sendAdminPage(res, status, page, { siteName: ctx.siteName, owner: ctx.ownerOf(req), mcpPage: ctx.mcpPage });
}

/** A POST form to `action` with the CSRF token and `hidden` fields, around `inner` (escaped HTML). */
export function postForm(
  ctx: AdminContext,
  req: Request,
  res: Response,
  action: string,
  inner: string,
  hidden: Record<string, string> = {},
  className = '',
): string {
  const classAttribute = className ? ` class="${className}"` : '';
  return `<form method="post" action="${escapeHtml(action)}"${classAttribute}>${hiddenInputs({ csrf: ctx.access.csrf.token(req, res), ...hidden })}${inner}</form>`;
}

/** A form's fields as strings (anything else, say a repeated name, reads as empty). */
export function fieldsOf(req: Request): Record<string, string> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : '']));
}

/** What an action did: recorded in the audit log with its name, then answered by `respond`. */
export interface ActionOutcome {
  /** Recorded with the action; never a secret. Undefined: nothing was changed, so nothing is recorded. */
  detail: string | undefined;
  respond(): void | Promise<void>;
}

/**
 * The handlers of a dashboard form POST: parses the form, refuses a missing or wrong CSRF token
 * with 403, runs `run`, and records what it changed with the owner's id and the time.
 */
export function formAction(ctx: AdminContext, action: string, run: (req: Request, res: Response, owner: string) => Promise<ActionOutcome>): RequestHandler[] {
  return [
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }),
    async (req, res) => {
      if (!ctx.access.csrf.check(req)) {
        sendPage(ctx, req, res, 403, {
          title: 'Form expired',
          current: '',
          body: `<p>Nothing was changed. <a href="${escapeHtml(req.originalUrl)}">Go back</a> and try again.</p>`,
          notice: { kind: 'error', text: 'This form expired or came from another site.' },
        });
        return;
      }
      const owner = ctx.ownerOf(req);
      const outcome = await run(req, res, owner);
      if (outcome.detail !== undefined) await ctx.store.recordAdminAction({ actor: owner, action, detail: outcome.detail });
      await outcome.respond();
    },
  ];
}

/** A table with a caption and column headers; `rows` are escaped HTML cells. An empty table says `empty` instead. */
export function table(caption: string, headers: readonly string[], rows: readonly (readonly string[])[], empty: string): string {
  if (rows.length === 0) return `<p class="empty">${escapeHtml(empty)}</p>`;
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<div class="table"><table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** An ISO 8601 time as the dashboard shows it (UTC, to the minute), in a `<time>` element. */
export function timeCell(iso: string | null, never = 'never'): string {
  if (iso === null) return escapeHtml(never);
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(`${iso.slice(0, 16).replace('T', ' ')} UTC`)}</time>`;
}

/** A secret shown once, with a copy button named for `what` it copies: `id` names its element for the button. */
export function shownOnce(label: string, id: string, secret: string, what: string): string {
  return (
    `<div class="secret"><label for="${id}">${escapeHtml(label)}</label><div class="copy-row"><input id="${id}" type="text" readonly value="${escapeHtml(secret)}" spellcheck="false">` +
    `<button type="button" class="copy" data-copy="${id}">Copy<span class="visually-hidden"> ${escapeHtml(what)}</span></button></div></div>`
  );
}
