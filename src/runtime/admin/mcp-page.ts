// Security & access → MCP (sites with authentication only): the MCP switch, client credentials shown once, allowed OAuth redirect URIs.
import { type Request, type Response, Router } from 'express';
import { escapeHtml } from '../../auth/index.js';
import { changeSetting, FixedSettingError, isFixed } from '../../settings/index.js';
import type { SettingName } from '../../store/index.js';
import type { AdminPage } from './admin-page.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { type AdminContext, type ActionOutcome, fieldsOf, formAction, postForm, sendPage, shownOnce, table, timeCell } from './admin-context.js';
import type { SettingsDefaults } from './admin-router.js';
import { redirectUriProblem } from './redirect-uri-check.js';

const FIXED = '<p class="fixed">Fixed in the runtime config file (<code>settings.fixed</code>): change it there.</p>';

/** Serves `ADMIN_PATHS.mcp` and its forms. */
export function mcpPage(ctx: AdminContext, defaults: SettingsDefaults): Router {
  const config = { file: defaults.file, fixedSettings: defaults.fixed };
  const fixed = (name: SettingName): boolean => isFixed(config, name);
  /** The stored redirect URIs, as `docsite settings redirect-uris` changes them. */
  const storedUris = async (): Promise<string[]> => (await ctx.store.getSettings()).redirectUris ?? [];
  /** Those in force: none when the file fixes them (only the file's count then). */
  const shownUris = async (): Promise<string[]> => (fixed('redirectUris') ? [] : storedUris());

  const render = async (
    req: Request,
    res: Response,
    status: number,
    extra: Partial<AdminPage> & { created?: { id: string; secret: string } } = {},
  ): Promise<void> => {
    const stored = await ctx.store.getSettings();
    const mcpOn = fixed('mcpEnabled') ? defaults.mcpEnabled : (stored.mcpEnabled ?? defaults.mcpEnabled);
    const switchForm = fixed('mcpEnabled')
      ? `<p>The MCP server is <strong>${mcpOn ? 'on' : 'off'}</strong>.</p>${FIXED}`
      : postForm(
          ctx,
          req,
          res,
          `${ADMIN_PATHS.mcp}/switch`,
          `<p>The MCP server is <strong>${mcpOn ? 'on' : 'off'}</strong>: <code>/mcp</code> and <code>/authed/mcp</code> ${mcpOn ? 'answer' : 'answer 404'}.</p>` +
            `<button type="submit" name="enabled" value="${mcpOn ? 'off' : 'on'}">${mcpOn ? 'Turn the MCP server off' : 'Turn the MCP server on'}</button>`,
        );

    const credentials = await ctx.store.listClientCredentials();
    const credentialRows = credentials.map((credential) => [
      escapeHtml(credential.label),
      `<code>${escapeHtml(credential.clientId)}</code>`,
      timeCell(credential.createdAt),
      postForm(
        ctx,
        req,
        res,
        `${ADMIN_PATHS.mcp}/credentials/delete`,
        `<button type="submit" class="danger" aria-label="Delete credential ${escapeHtml(credential.label)}">Delete</button>`,
        { clientId: credential.clientId },
      ),
    ]);
    const generate = postForm(
      ctx,
      req,
      res,
      `${ADMIN_PATHS.mcp}/credentials`,
      '<label for="credential-label">Label</label><input id="credential-label" name="label" type="text" maxlength="200" required autocomplete="off"><button type="submit">Generate</button>',
    );
    const created = extra.created
      ? shownOnce('Client ID', 'new-client-id', extra.created.id, 'the client ID') +
        shownOnce('Client secret, shown only this once: copy it now', 'new-client-secret', extra.created.secret, 'the client secret')
      : '';

    const fileUris = defaults.redirectUris.map((uri) => [`<code>${escapeHtml(uri)}</code>`, '<span class="muted">runtime config file</span>']);
    const storedRows = (await shownUris()).map((uri) => [
      `<code>${escapeHtml(uri)}</code>`,
      postForm(
        ctx,
        req,
        res,
        `${ADMIN_PATHS.mcp}/redirect-uris/remove`,
        `<button type="submit" class="danger" aria-label="Remove ${escapeHtml(uri)}">Remove</button>`,
        { uri },
      ),
    ]);
    const addUri = fixed('redirectUris')
      ? FIXED
      : postForm(
          ctx,
          req,
          res,
          `${ADMIN_PATHS.mcp}/redirect-uris`,
          '<label for="redirect-uri">Add a redirect URI</label>' +
            '<input id="redirect-uri" name="uri" type="text" required autocomplete="off" spellcheck="false" aria-describedby="redirect-uri-rules redirect-uri-hint" placeholder="app.example.com or myapp://callback">' +
            '<p id="redirect-uri-rules" class="muted">A host name means https on that host; other schemes need the full URI. <code>javascript:</code>, <code>data:</code> and <code>file:</code> are refused; loopback addresses are always allowed.</p>' +
            '<p id="redirect-uri-hint" class="hint" aria-live="polite"></p><button type="submit">Add</button>',
        );

    sendPage(ctx, req, res, status, {
      title: 'Security & access → MCP',
      current: ADMIN_PATHS.mcp,
      notice: extra.notice,
      body:
        `<section aria-labelledby="mcp-switch"><h2 id="mcp-switch">MCP server</h2>${switchForm}</section>` +
        `<section aria-labelledby="credentials"><h2 id="credentials">Client credentials</h2>${created}` +
        table('Client credentials', ['Label', 'Client ID', 'Created', ''], credentialRows, 'No client credentials yet.') +
        `${generate}</section>` +
        `<section aria-labelledby="redirects"><h2 id="redirects">Allowed OAuth redirect URIs</h2>` +
        table('Allowed OAuth redirect URIs besides loopback', ['Entry', ''], [...fileUris, ...storedRows], 'None besides loopback addresses.') +
        `${addUri}</section>` +
        '<p class="muted">The same from the command line: <code>docsite settings mcp on|off</code>, <code>docsite credentials create --label L</code>, <code>credentials list</code>, <code>credentials delete ID</code>, <code>docsite settings redirect-uris add|remove URI</code>.</p>',
    });
  };
  const refuse = (req: Request, res: Response, status: number, text: string): ActionOutcome => ({
    detail: undefined,
    respond: () => render(req, res, status, { notice: { kind: 'error', text } }),
  });
  /** Runs `write` (a `changeSetting`, as `docsite settings` does), then `done`; a setting the runtime config fixes is refused with 409 and left alone. */
  const change = async (req: Request, res: Response, write: () => Promise<void>, done: ActionOutcome): Promise<ActionOutcome> => {
    try {
      await write();
      return done;
    } catch (error) {
      if (error instanceof FixedSettingError) return refuse(req, res, 409, error.message);
      throw error;
    }
  };

  const router = Router();
  router.get(ADMIN_PATHS.mcp, (req, res) => render(req, res, 200));
  router.post(
    `${ADMIN_PATHS.mcp}/switch`,
    ...formAction(ctx, 'setting.mcpEnabled', async (req, res, owner) => {
      const { enabled } = fieldsOf(req);
      if (enabled !== 'on' && enabled !== 'off') return refuse(req, res, 400, 'Say on or off.');
      return change(req, res, () => changeSetting(ctx.store, config, 'mcpEnabled', enabled === 'on', owner), {
        detail: enabled,
        respond: () => render(req, res, 200, { notice: { kind: 'done', text: `The MCP server is now ${enabled}.` } }),
      });
    }),
  );
  router.post(
    `${ADMIN_PATHS.mcp}/credentials`,
    ...formAction(ctx, 'client-credential.create', async (req, res) => {
      const label = (fieldsOf(req).label ?? '').trim();
      if (label === '') return refuse(req, res, 400, 'Give the credential a label.');
      const credential = await ctx.store.createClientCredential({ label });
      return {
        detail: `${credential.clientId} (${label})`,
        respond: () =>
          render(req, res, 201, {
            created: { id: credential.clientId, secret: credential.clientSecret },
            notice: { kind: 'done', text: `Generated credential ${label}.` },
          }),
      };
    }),
  );
  router.post(
    `${ADMIN_PATHS.mcp}/credentials/delete`,
    ...formAction(ctx, 'client-credential.delete', async (req, res) => {
      const { clientId = '' } = fieldsOf(req);
      if (!(await ctx.store.deleteClientCredential(clientId))) return refuse(req, res, 404, 'There is no such credential: it may have been deleted already.');
      return {
        detail: clientId,
        respond: () => render(req, res, 200, { notice: { kind: 'done', text: 'Deleted the credential: its tokens stopped working at once.' } }),
      };
    }),
  );
  router.post(
    `${ADMIN_PATHS.mcp}/redirect-uris`,
    ...formAction(ctx, 'setting.redirectUris.add', async (req, res, owner) => {
      const uri = (fieldsOf(req).uri ?? '').trim();
      const problem = redirectUriProblem(uri);
      if (problem) return refuse(req, res, 400, problem);
      const current = await storedUris();
      if (current.includes(uri) || defaults.redirectUris.includes(uri)) return refuse(req, res, 409, `${uri} is already allowed.`);
      return change(req, res, () => changeSetting(ctx.store, config, 'redirectUris', [...current, uri], owner), {
        detail: uri,
        respond: () => render(req, res, 201, { notice: { kind: 'done', text: `Allowed ${uri}.` } }),
      });
    }),
  );
  router.post(
    `${ADMIN_PATHS.mcp}/redirect-uris/remove`,
    ...formAction(ctx, 'setting.redirectUris.remove', async (req, res, owner) => {
      const { uri = '' } = fieldsOf(req);
      const current = await storedUris();
      if (!current.includes(uri)) return refuse(req, res, 404, `${uri} is not a stored redirect URI.`);
      const rest = current.filter((entry) => entry !== uri);
      return change(req, res, () => changeSetting(ctx.store, config, 'redirectUris', rest, owner), {
        detail: uri,
        respond: () => render(req, res, 200, { notice: { kind: 'done', text: `Removed ${uri}.` } }),
      });
    }),
  );
  return router;
}
