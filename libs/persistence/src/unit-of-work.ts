import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { tenantEm } from './tenant';

/**
 * The one way services reach their data: each call gets a fresh entity manager (a fork), for reading or
 * inside a transaction; `forCompany` binds the tenant filter. Repositories are taken from that manager.
 */
export class UnitOfWork {
  constructor(private readonly orm: MikroORM) {}

  read<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return work(this.orm.em.fork() as EntityManager);
  }

  write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return (this.orm.em.fork() as EntityManager).transactional((em) => work(em as EntityManager));
  }

  forCompany(companyId: number): {
    read<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
    write<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
  } {
    return {
      read: (work) => work(tenantEm(this.orm.em.fork() as EntityManager, companyId)),
      write: (work) =>
        tenantEm(this.orm.em.fork() as EntityManager, companyId).transactional((em) =>
          work(tenantEm(em as EntityManager, companyId)),
        ),
    };
  }

  get raw(): MikroORM {
    return this.orm;
  }
}
