// The dashboard's home: where each page is, and the audit log of recent actions.
import { Router } from 'express';
import { escapeHtml } from '../../auth/index.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { type AdminContext, sendPage, table, timeCell } from './admin-context.js';

/** How many recent actions the overview lists. */
const RECENT_ACTIONS = 50;

/** Serves `ADMIN_PATHS.home`. */
export function overviewPage(ctx: AdminContext): Router {
  const router = Router();
  router.get(ADMIN_PATHS.home, async (req, res) => {
    const actions = await ctx.store.listAdminActions(RECENT_ACTIONS);
    const rows = actions.map((entry) => [timeCell(entry.at), escapeHtml(entry.actor), `<code>${escapeHtml(entry.action)}</code>`, escapeHtml(entry.detail)]);
    sendPage(ctx, req, res, 200, {
      title: 'Overview',
      current: ADMIN_PATHS.home,
      body:
        `<p>Project <code>${escapeHtml(ctx.projectId)}</code>. Manage API keys${ctx.mcpPage ? ', the MCP server and its OAuth clients' : ''}, and read what readers asked the assistant and what they said about pages.</p>` +
        `<section aria-labelledby="recent"><h2 id="recent">Recent actions</h2>${table('Recent dashboard actions, newest first', ['When', 'Who', 'Action', 'Detail'], rows, 'No actions yet.')}</section>`,
    });
  });
  return router;
}
