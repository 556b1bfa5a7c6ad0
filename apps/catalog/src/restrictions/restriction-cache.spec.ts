import type { EntityManager } from '@mikro-orm/postgresql';
import { RestrictionCache } from './restriction-cache';

/** A stand-in entity manager answering the flags statement; `reads` counts the statements. */
function fakeEm(answer: { customer: boolean; supplier: boolean }, during?: () => void) {
  const em = {
    reads: 0,
    async execute() {
      em.reads++;
      during?.();
      return [{ ...answer }];
    },
  };
  return em;
}

const caller = { companyId: 1, userId: 7, role: 3, operator: false } as never;

describe('RestrictionCache', () => {
  it('reads a caller once and answers from memory until the company changes', async () => {
    const cache = new RestrictionCache();
    const em = fakeEm({ customer: true, supplier: false });
    expect(await cache.of(em as unknown as EntityManager, caller)).toEqual({ customer: true, supplier: false });
    expect(await cache.of(em as unknown as EntityManager, caller)).toEqual({ customer: true, supplier: false });
    expect(em.reads).toBe(1);
    cache.changed(2); // another company
    await cache.of(em as unknown as EntityManager, caller);
    expect(em.reads).toBe(1);
    cache.changed(1);
    await cache.of(em as unknown as EntityManager, caller);
    expect(em.reads).toBe(2);
    cache.changed(null); // any company
    await cache.of(em as unknown as EntityManager, caller);
    expect(em.reads).toBe(3);
  });

  it('never uses an answer read while its company changed', async () => {
    const cache = new RestrictionCache();
    const racing = fakeEm({ customer: false, supplier: false }, () => cache.changed(1));
    await cache.of(racing as unknown as EntityManager, caller);
    const after = fakeEm({ customer: true, supplier: true });
    expect(await cache.of(after as unknown as EntityManager, caller)).toEqual({ customer: true, supplier: true });
    expect(after.reads).toBe(1);
  });

  it('forgets answers after 10 s', async () => {
    let now = 1_000;
    const cache = new RestrictionCache(() => now);
    const em = fakeEm({ customer: false, supplier: true });
    await cache.of(em as unknown as EntityManager, caller);
    now += 9_999;
    await cache.of(em as unknown as EntityManager, caller);
    expect(em.reads).toBe(1);
    now += 2;
    await cache.of(em as unknown as EntityManager, caller);
    expect(em.reads).toBe(2);
  });
});
