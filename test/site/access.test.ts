// The access of a file pages use: readable by exactly the principals who may read one of those pages.
import { describe, expect, it } from 'vitest';
import { accessOfFileUsedBy, ANONYMOUS, canRead, DEFAULT_ACCESS, type PageAccess, type Principal } from '../../src/site/index.js';

const ACCESSES: PageAccess[] = [
  { public: true, groups: [] },
  { public: false, groups: [] },
  { public: false, groups: ['finance'] },
  { public: true, groups: ['staff'] },
  { public: false, groups: ['finance', 'audit'] },
];
const PRINCIPALS: Principal[] = [
  ANONYMOUS,
  { kind: 'client-credential', id: 'c' },
  { kind: 'user', id: 'none', groups: [] },
  { kind: 'user', id: 'f', groups: ['finance'] },
  { kind: 'user', id: 's', groups: ['staff'] },
  { kind: 'user', id: 'a', groups: ['audit', 'staff'] },
];
/** Every choice of up to three of ACCESSES. */
const USER_SETS: PageAccess[][] = [[]];
for (const a of ACCESSES) for (const set of [...USER_SETS]) if (set.length < 3) USER_SETS.push([...set, a]);

describe('accessOfFileUsedBy', () => {
  it.each([true, false])('lets read exactly who may read one of the pages (authentication %s)', (authentication) => {
    for (const users of USER_SETS) {
      const access = accessOfFileUsedBy(users);
      for (const principal of PRINCIPALS) {
        const expected = users.length === 0 ? canRead(principal, DEFAULT_ACCESS, authentication) : users.some((u) => canRead(principal, u, authentication));
        expect(canRead(principal, access, authentication), `${JSON.stringify(users)} for ${JSON.stringify(principal)}`).toBe(expected);
      }
    }
  });

  it('needs a login for a file no page uses', () => {
    expect(canRead(ANONYMOUS, accessOfFileUsedBy([]), true)).toBe(false);
    expect(canRead({ kind: 'client-credential', id: 'c' }, accessOfFileUsedBy([]), true)).toBe(true);
  });
});
