// Run by the migration-race test in a separate Node process: opens a store at an agreed instant, writes, closes.
import { openStore, type OpenStoreOptions } from '../../src/store/index.js';

const [optionsJson, startAt] = process.argv.slice(2);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const store = await openStore(JSON.parse(optionsJson!) as OpenStoreOptions);
const key = await store.createApiKey({ kind: 'admin', label: `pid ${process.pid}` });
process.stdout.write(JSON.stringify({ ok: (await store.verifyApiKey(key.key))?.id === key.id }));
await store.close();
