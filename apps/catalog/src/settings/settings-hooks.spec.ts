import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import { SettingsHooks } from './settings-hooks';

const em = {} as EntityManager;
const caller = { companyId: 1, userId: 2, role: 3 } as CompanyCaller;

describe('SettingsHooks', () => {
  it('reports only the registered checks that find dependents, with their counts', async () => {
    const hooks = new SettingsHooks();
    const asked: unknown[] = [];
    hooks.dependsOn('unit', 'items', async (_em, subject) => {
      asked.push(subject);
      return subject.code === 'pcs' ? 3 : 0;
    });
    hooks.dependsOn('unit', 'kanban rules', async () => 0);
    hooks.dependsOn('storage_type', 'storages', async () => 2);
    expect(await hooks.dependents('unit', em, { companyId: 1, id: 9, code: 'pcs' })).toEqual([{ name: 'items', count: 3 }]);
    expect(await hooks.dependents('unit', em, { companyId: 1, id: 10, code: 'kg' })).toEqual([]);
    expect(await hooks.dependents('storage_type', em, { companyId: 1, id: 4 })).toEqual([{ name: 'storages', count: 2 }]);
    expect(asked).toEqual([
      { companyId: 1, id: 9, code: 'pcs' },
      { companyId: 1, id: 10, code: 'kg' },
    ]);
  });

  it('sees records only of registered kinds, as the registered function decides', async () => {
    const hooks = new SettingsHooks();
    hooks.records('location', async (_em, who, id) => who.userId === 2 && id === 5);
    expect(await hooks.visible('location', em, caller, 5)).toBe(true);
    expect(await hooks.visible('location', em, caller, 6)).toBe(false);
    expect(await hooks.visible('item', em, caller, 5)).toBe(false);
  });
});
