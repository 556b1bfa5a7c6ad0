import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { MikroOrmModule, getMikroORMToken } from '@mikro-orm/nestjs';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Database, type ServiceDataOptions } from './database';
import { UnitOfWork } from './unit-of-work';

export const DATABASE = Symbol('DATABASE');

/** Provided once by the composition root: the opened database every service builds its ORM on. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(database: Database): DynamicModule {
    return { module: DatabaseModule, providers: [{ provide: DATABASE, useValue: database }], exports: [DATABASE] };
  }
}

/** Token under which a service's UnitOfWork is injected: `@Inject(unitOfWorkToken('identity'))`. */
export function unitOfWorkToken(service: string): string {
  return `UnitOfWork:${service}`;
}

/** A service's ORM (its own schema, its own migrations) and its UnitOfWork. */
export function servicePersistence(options: ServiceDataOptions): DynamicModule {
  const uow: Provider = {
    provide: unitOfWorkToken(options.service),
    useFactory: (orm: MikroORM) => new UnitOfWork(orm),
    inject: [getMikroORMToken(options.service)],
  };
  @Global()
  @Module({})
  class ServicePersistenceModule {}
  return {
    module: ServicePersistenceModule,
    imports: [
      MikroOrmModule.forRootAsync({
        contextName: options.service,
        inject: [DATABASE],
        useFactory: (database: Database) => {
          const { contextName: _name, ...orm } = database.ormOptions(options);
          return { ...orm, registerRequestContext: false } as never;
        },
      }) as Promise<DynamicModule>,
    ],
    providers: [uow],
    exports: [uow],
  };
}
