// What the contract suite needs from an engine, and the per-test store bookkeeping built on it.
import { afterAll, afterEach } from 'vitest';
import { openStore, type Clock, type OpenStoreOptions, type Store } from '../../../src/store/index.js';

/** One engine under test. */
export interface StoreTarget {
  name: string;
  /** Options for a new, empty database (nothing created yet). */
  fresh(): Promise<OpenStoreOptions>;
  /** Runs `sql` straight on the database behind `options`, bypassing the store; returns its rows. */
  sql(options: OpenStoreOptions, sql: string): Promise<Record<string, unknown>[]>;
  /** Removes every database `fresh` handed out. */
  dispose(): Promise<void>;
}

/** A clock the test moves by hand. */
export class TestClock {
  ms = Date.now();
  readonly now: Clock = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Helpers the contract parts share; stores opened through them are closed after each test. */
export interface ContractContext {
  target: StoreTarget;
  /** A store on a new database. */
  fresh(clock?: TestClock): Promise<{ store: Store; options: OpenStoreOptions }>;
  /** Another store on the database behind `options` (like a second process would open). */
  open(options: OpenStoreOptions, clock?: TestClock): Promise<Store>;
}

/** Registers the bookkeeping hooks in the current describe block and returns the helpers. */
export function contractContext(target: StoreTarget): ContractContext {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(() => target.dispose());

  async function open(options: OpenStoreOptions, clock?: TestClock): Promise<Store> {
    const store = await openStore({ ...options, clock: clock?.now });
    opened.push(store);
    return store;
  }
  return {
    target,
    open,
    async fresh(clock) {
      const options = await target.fresh();
      return { store: await open(options, clock), options };
    },
  };
}
