import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * One in-process PostgreSQL (PGlite) shared by every service of the embedded run. PGlite is a single
 * session, and each service's ORM holds its own one-connection pool, so without care two services would
 * interleave statements inside each other's transactions. Each service gets its own handle; a global
 * lock is taken per statement, and from BEGIN to COMMIT/ROLLBACK for the handle that opened a
 * transaction. Rule of the house that keeps this deadlock-free: no bus call inside a transaction.
 */
export class SharedPglite {
  private tail: Promise<void> = Promise.resolve();
  private txOwner: symbol | null = null;
  private txRelease: (() => void) | null = null;

  private constructor(readonly pglite: PGlite) {}

  /** `loadFrom`: a dump ({@link SharedPglite.dump}) to start from (in memory only: not with a data folder). */
  static async open(dataDir: string | null, loadFrom?: Blob): Promise<SharedPglite> {
    if (dataDir && loadFrom) throw new Error('SharedPglite.open: loadFrom is for in-memory databases only');
    // pg_trgm: trigram indexes for searches by part of a name (items).
    const extensions = { pg_trgm };
    const pglite = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions, ...(loadFrom ? { loadDataDir: loadFrom } : {}) });
    await pglite.waitReady;
    return new SharedPglite(pglite);
  }

  private acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    return previous.then(() => release);
  }

  /** A handle with the subset of the PGlite API the MikroORM driver uses. */
  handle(): PGlite {
    const owner = Symbol('pglite-handle');
    const run = async <T>(sql: string, op: () => Promise<T>): Promise<T> => {
      if (this.txOwner === owner) {
        const result = await op();
        if (/^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i.test(sql)) {
          this.txOwner = null;
          const release = this.txRelease;
          this.txRelease = null;
          release?.();
        }
        return result;
      }
      const release = await this.acquire();
      if (/^\s*(BEGIN|START TRANSACTION)\b/i.test(sql)) {
        try {
          const result = await op();
          this.txOwner = owner;
          this.txRelease = release;
          return result;
        } catch (error) {
          release();
          throw error;
        }
      }
      try {
        return await op();
      } finally {
        release();
      }
    };
    const pglite = this.pglite;
    const handle = {
      get waitReady() {
        return pglite.waitReady;
      },
      query: (sql: string, params?: unknown[], options?: unknown) =>
        run(sql, () => pglite.query(sql, params as never, options as never)),
      exec: (sql: string, options?: unknown) => run(sql, () => pglite.exec(sql, options as never)),
      close: async () => undefined,
    };
    return handle as unknown as PGlite;
  }

  /** The whole database as an uncompressed tar (PGlite's dumpDataDir), taken between statements. */
  async dump(): Promise<Blob> {
    const release = await this.acquire();
    try {
      return await this.pglite.dumpDataDir('none');
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.pglite.close();
  }
}
