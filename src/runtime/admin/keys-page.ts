// The API keys page: list (kind, label, created, last used), create an admin or assistant key shown once, revoke.
import { type Request, type Response, Router } from 'express';
import { escapeHtml } from '../../auth/index.js';
import type { AdminPage } from './admin-page.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { type AdminContext, fieldsOf, formAction, postForm, sendPage, shownOnce, table, timeCell } from './admin-context.js';

const KINDS = ['admin', 'assistant'] as const;

/** Serves `ADMIN_PATHS.keys`: GET the list and the create form; POST create and revoke. */
export function keysPage(ctx: AdminContext): Router {
  const render = async (req: Request, res: Response, status: number, extra: Partial<AdminPage> & { created?: string } = {}): Promise<void> => {
    const keys = await ctx.store.listApiKeys();
    const rows = keys.map((key) => [
      escapeHtml(key.kind),
      key.label === null ? '<span class="muted">none</span>' : escapeHtml(key.label),
      timeCell(key.createdAt),
      timeCell(key.lastUsedAt),
      postForm(
        ctx,
        req,
        res,
        `${ADMIN_PATHS.keys}/revoke`,
        `<button type="submit" class="danger" aria-label="Revoke key ${escapeHtml(key.label ?? key.id)}">Revoke</button>`,
        { id: key.id },
      ),
    ]);
    const create = postForm(
      ctx,
      req,
      res,
      ADMIN_PATHS.keys,
      `<fieldset><legend>Kind</legend>${KINDS.map(
        (kind, i) =>
          `<label class="inline"><input type="radio" name="kind" value="${kind}"${i === 0 ? ' checked' : ''}> ${kind === 'admin' ? 'Admin (analytics API)' : 'Assistant (assistant API)'}</label>`,
      ).join('')}</fieldset>` +
        `<label for="key-label">Label</label><input id="key-label" name="label" type="text" maxlength="200" autocomplete="off">` +
        '<button type="submit">Create key</button>',
      {},
      'stack',
    );
    sendPage(ctx, req, res, status, {
      title: 'API keys',
      current: ADMIN_PATHS.keys,
      notice: extra.notice,
      body:
        (extra.created ? shownOnce('Your new key, shown only this once: copy it now', 'new-key', extra.created, 'the key') : '') +
        table('API keys', ['Kind', 'Label', 'Created', 'Last used', ''], rows, 'No API keys yet.') +
        `<section aria-labelledby="create-key"><h2 id="create-key">Create a key</h2>${create}</section>` +
        '<p class="muted">The same from the command line: <code>docsite keys create --kind admin|assistant --label L</code>, <code>docsite keys list</code>, <code>docsite keys revoke ID</code>.</p>',
    });
  };

  const router = Router();
  router.get(ADMIN_PATHS.keys, (req, res) => render(req, res, 200));
  router.post(
    ADMIN_PATHS.keys,
    ...formAction(ctx, 'api-key.create', async (req, res) => {
      const { kind, label } = fieldsOf(req);
      if (kind !== 'admin' && kind !== 'assistant')
        return { detail: undefined, respond: () => render(req, res, 400, { notice: { kind: 'error', text: 'Choose the kind of key: admin or assistant.' } }) };
      const key = await ctx.store.createApiKey({ kind, label: label?.trim() || null });
      return {
        detail: `${key.id} (${kind}${key.label ? `, ${key.label}` : ''})`,
        respond: () => render(req, res, 201, { created: key.key, notice: { kind: 'done', text: `Created ${kind} key ${key.label ?? key.id}.` } }),
      };
    }),
  );
  router.post(
    `${ADMIN_PATHS.keys}/revoke`,
    ...formAction(ctx, 'api-key.revoke', async (req, res) => {
      const { id = '' } = fieldsOf(req);
      const revoked = await ctx.store.revokeApiKey(id);
      if (!revoked)
        return {
          detail: undefined,
          respond: () => render(req, res, 404, { notice: { kind: 'error', text: 'There is no such key: it may have been revoked already.' } }),
        };
      return { detail: id, respond: () => render(req, res, 200, { notice: { kind: 'done', text: 'Revoked the key: it stopped working at once.' } }) };
    }),
  );
  return router;
}
