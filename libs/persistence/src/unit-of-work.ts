import { Logger } from '@nestjs/common';
import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { databaseFailureOf } from './db-errors';
import { tenantEm } from './tenant';

/** How often a write transaction runs at most when it loses a race (serialization failure 40001, deadlock 40P01). */
export const WRITE_ATTEMPTS = 4;

const log = new Logger('UnitOfWork');

/**
 * Runs a transaction again, with a fresh entity manager each time, while it fails with a serialization failure or a
 * deadlock (at most {@link WRITE_ATTEMPTS} runs, waiting a random 10-40 ms, doubling, between them). Anything else, and
 * the last failure, is thrown as it is (the bus maps it: 1006 for a race lost every time).
 */
export async function retryingTransaction<T>(run: () => Promise<T>, what = 'write', wait = defaultWait): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || databaseFailureOf(error) !== 'retry') throw error;
      const code = (error as { code?: string }).code;
      log.warn(`${what}: transaction failed with ${code} (attempt ${attempt} of ${WRITE_ATTEMPTS}), running it again`);
      await wait(attempt);
    }
  }
}

function defaultWait(attempt: number): Promise<void> {
  const ms = (10 + Math.random() * 30) * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

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

  /**
   * A transaction; run again when it loses a race (see {@link retryingTransaction}), so `work` must not do anything
   * outside the entity manager that cannot be repeated (no bus calls inside a transaction anyway).
   * `bookkeeping`: the transaction changes nothing readers see (the outbox relay's claims): no listener is told. */
  async write<T>(work: (em: EntityManager) => Promise<T>, options: { bookkeeping?: boolean } = {}): Promise<T> {
    const result = await retryingTransaction(
      () => (this.orm.em.fork() as EntityManager).transactional((em) => work(em as EntityManager)),
      this.orm.config.get('contextName'),
    );
    if (!options.bookkeeping) this.committed(null);
    return result;
  }

  private committed(companyId: number | null): void {
    for (const listener of this.listeners) listener(companyId);
  }

  forCompany(companyId: number): {
    read<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
    /**
     * Several queries that must see one state (a record with its parts, e.g. an order with its lines and history): a
     * read-only transaction at REPEATABLE READ, so a write committed between two of them is seen by none or by all.
     */
    snapshot<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
    write<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
  } {
    return {
      read: (work) => work(tenantEm(this.orm.em.fork() as EntityManager, companyId)),
      snapshot: (work) =>
        tenantEm(this.orm.em.fork() as EntityManager, companyId).transactional((em) => work(tenantEm(em as EntityManager, companyId)), {
          isolationLevel: IsolationLevel.REPEATABLE_READ,
          readOnly: true,
        }),
      write: async (work) => {
        const result = await retryingTransaction(
          () => tenantEm(this.orm.em.fork() as EntityManager, companyId).transactional((em) => work(tenantEm(em as EntityManager, companyId))),
          this.orm.config.get('contextName'),
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
