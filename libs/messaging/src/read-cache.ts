import { AsyncLocalStorage } from 'node:async_hooks';
import type { Broadcasts } from './broadcasts';

export interface ReadCacheOptions {
  /** Request subjects of one service whose answers depend on that service's data alone. */
  subjects: readonly string[];
  /** Broadcast subject on which that service announces commits: `{ company_id: number | null }`. */
  changedSubject: string;
  /** How long an answer is kept at most (ms): the bound on staleness should a notice go astray. 0: off. */
  ttlMs: number;
  /** How many answers are kept at most (least recently used go first). */
  maxEntries: number;
}

/** The state of a company's kept answers when a read began: an answer is kept only if it is still the same. */
export interface ReadStamp {
  company: number;
  generation: number;
  epoch: number;
}

/** What the requests of one tracked read asked: cacheable reads, and whether anything else. */
export interface ReadTrack {
  reads: number;
  other: boolean;
}

interface Entry {
  body: string;
  generation: number;
  epoch: number;
  expires: number;
}

/** The company a bus request is made for: `caller.companyId` of the payload (the services' convention), if any. */
function companyOf(payload: unknown): number | undefined {
  const caller = (payload as { caller?: { companyId?: unknown } } | null)?.caller;
  return typeof caller?.companyId === 'number' ? caller.companyId : undefined;
}

/**
 * Keeps serialized answers of reads (the gateway keeps whole HTTP answers, see ReadCacheInterceptor) per
 * company until that company's data changes. A read may be kept when every bus request it made was one of
 * the cacheable subjects; its key is chosen by the user of the cache (caller and URL) plus today's date
 * (answers that depend on the date, such as items past their contract end, turn over at midnight).
 *
 * Kept answers of a company are dropped when (1) the owning service announces a commit for it (or for all
 * companies) on the broadcast subject, from any of its replicas; (2) this process passes on any other request
 * of that service for the company (its own writes: read-your-writes before the notice arrives); (3) they are
 * older than `ttlMs`. An answer is only kept if nothing was dropped while it was being read, so an answer read
 * before a commit is never kept after it.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<number, number>();
  private readonly cacheable: Set<string>;
  private readonly servicePrefix: string;
  private readonly tracks = new AsyncLocalStorage<ReadTrack>();
  private epoch = 0;
  private stopListening?: () => void;
  hits = 0;
  misses = 0;

  constructor(
    private readonly options: ReadCacheOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.cacheable = new Set(options.subjects);
    // The owning service's subjects share its prefix (catalog.customer.list: catalog.).
    this.servicePrefix = `${options.subjects[0]?.split('.')[0] ?? ''}.`;
  }

  listen(broadcasts: Broadcasts): void {
    this.stopListening = broadcasts.subscribe(this.options.changedSubject, (data) => {
      const company = (data as { company_id?: unknown } | null)?.company_id;
      this.changed(typeof company === 'number' ? company : null);
    });
  }

  close(): void {
    this.stopListening?.();
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops the kept answers of a company (null: of every company). */
  changed(company: number | null): void {
    if (company === null) {
      this.epoch++;
      this.entries.clear();
      return;
    }
    this.generations.set(company, (this.generations.get(company) ?? 0) + 1);
  }

  /** Runs `work` (and everything it starts) with a track of the bus requests it makes. */
  track<T>(work: () => T): { result: T; track: ReadTrack } {
    const track: ReadTrack = { reads: 0, other: false };
    return { result: this.tracks.run(track, work), track };
  }

  /**
   * Every bus request passes here (ServiceBus): it is noted on the current track, and a request of the owning
   * service that is not a cacheable read drops the company's answers before and after it (it may change them).
   */
  async request<T>(subject: string, payload: unknown, send: () => Promise<T>): Promise<T> {
    const cacheable = this.cacheable.has(subject);
    const track = this.tracks.getStore();
    if (track) {
      if (cacheable) track.reads++;
      else track.other = true;
    }
    const company = companyOf(payload);
    if (cacheable || company === undefined || !subject.startsWith(this.servicePrefix)) return send();
    this.changed(company);
    try {
      return await send();
    } finally {
      this.changed(company);
    }
  }

  stamp(company: number): ReadStamp {
    return { company, generation: this.generations.get(company) ?? 0, epoch: this.epoch };
  }

  private fullKey(company: number, key: string): string {
    return `${company}\u0000${new Date(this.now()).toISOString().slice(0, 10)}\u0000${key}`;
  }

  /** The kept answer of `key` for the company, if it is still current. */
  lookup(company: number, key: string): string | undefined {
    const full = this.fullKey(company, key);
    const entry = this.entries.get(full);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    const { generation, epoch } = this.stamp(company);
    if (entry.generation !== generation || entry.epoch !== epoch || entry.expires <= this.now()) {
      this.entries.delete(full);
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recently used last.
    this.entries.delete(full);
    this.entries.set(full, entry);
    return entry.body;
  }

  /** Keeps an answer read under `stamp` and `track`, if it may be kept and nothing changed meanwhile. */
  keep(key: string, stamp: ReadStamp, track: ReadTrack, body: string): boolean {
    if (this.options.ttlMs <= 0 || track.other || track.reads === 0) return false;
    const now = this.stamp(stamp.company);
    if (now.generation !== stamp.generation || now.epoch !== stamp.epoch) return false;
    this.entries.set(this.fullKey(stamp.company, key), { body, generation: stamp.generation, epoch: stamp.epoch, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return true;
  }
}
