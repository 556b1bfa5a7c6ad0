import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { tenantEm } from './tenant';

/** Told after a write transaction committed: the company it was bound to, or null (any company may have changed). */
export type CommitListener = (companyId: number | null) => void;

/**
 * The one way services reach their data: each call gets a fresh entity manager (a fork), for reading or
 * inside a transaction; `forCompany` binds the tenant filter. Repositories are taken from that manager.
 * Listeners registered with `onCommit` hear of every committed write (read caches use it to drop answers).
 */
export class UnitOfWork {
  private readonly listeners: CommitListener[] = [];

  constructor(private readonly orm: MikroORM) {}

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  read<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return work(this.orm.em.fork() as EntityManager);
  }

  /** `bookkeeping`: the transaction changes nothing readers see (the outbox relay's claims): no listener is told. */
  async write<T>(work: (em: EntityManager) => Promise<T>, options: { bookkeeping?: boolean } = {}): Promise<T> {
    const result = await (this.orm.em.fork() as EntityManager).transactional((em) => work(em as EntityManager));
    if (!options.bookkeeping) this.committed(null);
    return result;
  }

  private committed(companyId: number | null): void {
    for (const listener of this.listeners) listener(companyId);
  }

  forCompany(companyId: number): {
    read<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
    write<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
  } {
    return {
      read: (work) => work(tenantEm(this.orm.em.fork() as EntityManager, companyId)),
      write: async (work) => {
        const result = await tenantEm(this.orm.em.fork() as EntityManager, companyId).transactional((em) =>
          work(tenantEm(em as EntityManager, companyId)),
        );
        this.committed(companyId);
        return result;
      },
    };
  }

  get raw(): MikroORM {
    return this.orm;
  }
}
