// The dashboard's audit log: every owner action, who took it and when, newest first.
import { isoOf, type Clock } from './clock.js';
import { StoreInputError } from './errors.js';
import { newRowId } from './ids.js';
import { checkedLimit } from './keyset.js';
import type { SqlDriver } from './sql.js';

/** One recorded dashboard action. */
export interface AdminAction {
  /** ULID. */
  id: string;
  /** ISO 8601 UTC. */
  at: string;
  /** Who took it: the owner's user id. */
  actor: string;
  /** What was done, e.g. `api-key.create`. */
  action: string;
  /** What it was done to (a key id, a setting's new value); never a secret. */
  detail: string;
}

/** Where dashboard actions are recorded. */
export interface AdminActionStore {
  /** Records an action taken now. */
  recordAdminAction(input: { actor: string; action: string; detail?: string | undefined }): Promise<AdminAction>;
  /** The `limit` newest actions, newest first. */
  listAdminActions(limit: number): Promise<AdminAction[]>;
}

/** Longest actor, action and detail kept. */
const MAX_TEXT = 2000;

interface AdminActionRow {
  id: string;
  at_ms: number;
  actor: string;
  action: string;
  detail: string;
}

/** The audit log methods of a SQL store. */
export function adminActionStore(db: SqlDriver, clock: Clock): AdminActionStore {
  return {
    async recordAdminAction({ actor, action, detail = '' }) {
      if (actor === '' || action === '') throw new StoreInputError('an admin action needs an actor and an action');
      const { id, at } = newRowId(clock);
      const row: AdminActionRow = { id, at_ms: at, actor: actor.slice(0, MAX_TEXT), action: action.slice(0, MAX_TEXT), detail: detail.slice(0, MAX_TEXT) };
      await db.run('INSERT INTO admin_actions (id, at_ms, actor, action, detail) VALUES (?, ?, ?, ?, ?)', [
        row.id,
        row.at_ms,
        row.actor,
        row.action,
        row.detail,
      ]);
      return { id, at: isoOf(at), actor: row.actor, action: row.action, detail: row.detail };
    },

    async listAdminActions(limit) {
      const rows = await db.all<AdminActionRow>('SELECT id, at_ms, actor, action, detail FROM admin_actions ORDER BY at_ms DESC, id DESC LIMIT ?', [
        checkedLimit(limit),
      ]);
      return rows.map((row) => ({ id: row.id, at: isoOf(Number(row.at_ms)), actor: row.actor, action: row.action, detail: row.detail }));
    },
  };
}
