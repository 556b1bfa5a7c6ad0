import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import type { Broadcasts } from '@kanban/messaging';
import { CatalogBroadcasts } from '@kanban/contracts';
import { restrictedSides, type UnitOfWork } from '@kanban/persistence';

/** Whether a caller has access restrictions of a kind at all (customer: customer or location restrictions). */
export interface KnownRestrictions {
  customer: boolean;
  supplier: boolean;
}

interface Entry {
  value: KnownRestrictions;
  generation: number;
  epoch: number;
  at: number;
}

const TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * Which callers have restrictions at all, per catalog process, so lists of unrestricted callers (staff, the
 * common case) carry no restriction conditions: their sub-selects cost planning time on every statement
 * (docs/items.md, "Benchmark"). Restricted callers keep the set-wise conditions of restriction-scope.ts.
 * An entry is dropped by every committed catalog write of its company (the restriction copy is written by
 * the catalog itself) and by the change notices of other catalog replicas; an entry read while its company
 * changed is never used (generation check), and none lives longer than 10 s.
 */
export class RestrictionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(private readonly now: () => number = Date.now) {}

  changed(company: number | null): void {
    if (company === null) {
      this.epoch++;
      this.entries.clear();
    } else {
      this.generations.set(company, (this.generations.get(company) ?? 0) + 1);
    }
  }

  listen(broadcasts: Broadcasts): () => void {
    return broadcasts.subscribe(CatalogBroadcasts.changed, (data) => {
      const company = (data as { company_id?: unknown } | null)?.company_id;
      this.changed(typeof company === 'number' ? company : null);
    });
  }

  async of(em: EntityManager, caller: CompanyCaller): Promise<KnownRestrictions> {
    const key = `${caller.companyId}:${caller.userId}`;
    const generation = this.generations.get(caller.companyId) ?? 0;
    const epoch = this.epoch;
    const kept = this.entries.get(key);
    if (kept && kept.generation === generation && kept.epoch === epoch && this.now() - kept.at < TTL_MS) return kept.value;
    const value = await restrictedSides(em, 'catalog', caller);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, generation, epoch, at: this.now() });
    return value;
  }
}

const caches = new WeakMap<UnitOfWork, RestrictionCache>();

/** The cache of a catalog unit of work (one per catalog module instance), told of every commit. */
export function restrictionCacheOf(uow: UnitOfWork): RestrictionCache {
  let cache = caches.get(uow);
  if (!cache) {
    const created = new RestrictionCache();
    uow.onCommit((company) => created.changed(company));
    caches.set(uow, created);
    cache = created;
  }
  return cache;
}
