// The one Store contract suite: every engine must pass all of it.
import { describe } from 'vitest';
import { adminActionsContract } from './admin-actions.js';
import { analyticsContract } from './analytics.js';
import { analyticsMonthsContract } from './analytics-months.js';
import { apiKeysContract } from './api-keys.js';
import { contractContext, type StoreTarget } from './context.js';
import { conversationsContract } from './conversations.js';
import { feedbackContract } from './feedback.js';
import { lifecycleContract } from './lifecycle.js';
import { oauthContract } from './oauth.js';
import { searchAnalyticsContract } from './search-analytics.js';
import { sessionsContract } from './sessions.js';
import { settingsContract } from './settings.js';
import { usersContract } from './users.js';

export type { StoreTarget } from './context.js';

/** Registers the whole contract suite against `target`. */
export function storeContract(target: StoreTarget): void {
  describe(`Store contract: ${target.name}`, () => {
    const ctx = contractContext(target);
    lifecycleContract(ctx);
    conversationsContract(ctx);
    analyticsContract(ctx);
    analyticsMonthsContract(ctx);
    searchAnalyticsContract(ctx);
    feedbackContract(ctx);
    apiKeysContract(ctx);
    oauthContract(ctx);
    usersContract(ctx);
    sessionsContract(ctx);
    settingsContract(ctx);
    adminActionsContract(ctx);
  });
}
