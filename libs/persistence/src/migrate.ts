import { MikroORM } from '@mikro-orm/postgresql';
import type { Database, ServiceDataOptions } from './database';

/** Applies a service's pending migrations (creating its schema first); returns the names applied. */
export async function migrateService(database: Database, data: ServiceDataOptions): Promise<string[]> {
  const orm = await MikroORM.init(database.ormOptions(data));
  try {
    await orm.em.getConnection().execute(`create schema if not exists "${data.service}"`);
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close();
  }
}
