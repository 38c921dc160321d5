// Assembles a Store from the per-concern SQL modules over one driver, after migrating it.
import { adminActionStore } from './admin-actions.js';
import { apiKeyStore } from './api-keys.js';
import { assistantAnalyticsStore } from './assistant-analytics.js';
import { systemClock, type Clock } from './clock.js';
import { conversationStore } from './conversations.js';
import { feedbackStore } from './feedback.js';
import { migrate } from './migrate.js';
import { oauthClientStore } from './oauth-clients.js';
import { oauthCodeStore } from './oauth-codes.js';
import { oauthTokenStore } from './oauth-tokens.js';
import { searchAnalyticsStore } from './search-analytics.js';
import { sessionStore } from './sessions.js';
import { settingsStore } from './settings.js';
import type { SqlDriver } from './sql.js';
import type { Store } from './store.js';
import { userStore } from './users.js';

/** Migrates the database behind `db` and returns the Store over it; closes `db` if migrating fails. */
export async function openSqlStore(db: SqlDriver, clock: Clock = systemClock): Promise<Store> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    engine: db.dialect.name,
    ...conversationStore(db, clock),
    ...assistantAnalyticsStore(db),
    ...searchAnalyticsStore(db),
    ...feedbackStore(db, clock),
    ...apiKeyStore(db, clock),
    ...oauthClientStore(db, clock),
    ...oauthCodeStore(db, clock),
    ...oauthTokenStore(db, clock),
    ...userStore(db, clock),
    ...sessionStore(db, clock),
    ...settingsStore(db, clock),
    ...adminActionStore(db, clock),
    async ping() {
      await db.all('SELECT 1 AS ok');
    },
    close: () => db.close(),
  };
}
