import 'reflect-metadata';
import { EnvReader } from '@kanban/config';
import { Database, migrateService } from '@kanban/persistence';
import { SERVICE_DATA, seedDemo } from './services';

/**
 * `npm run migrate`: applies every service's migrations to the PostgreSQL server in DATABASE_URL (each
 * service in its own schema); with SEED_DEMO=true (or --seed) also loads the demo data, with its replenishment
 * history unless DEMO_HISTORY=false.
 */
async function main(): Promise<void> {
  const env = new EnvReader(process.env);
  const url = env.url('DATABASE_URL', undefined, ['postgres', 'postgresql']);
  const seed = env.bool('SEED_DEMO', false) || process.argv.includes('--seed');
  const history = env.bool('DEMO_HISTORY', true);
  env.done();
  const database = await Database.open({ kind: 'postgres', url, poolMax: 2 });
  try {
    for (const data of SERVICE_DATA) {
      const applied = await migrateService(database, data);
      console.log(`migrate: ${data.service}: ${applied.length ? applied.join(', ') : 'up to date'}`);
    }
    if (seed) {
      await seedDemo(database, { history });
      console.log('migrate: demo data present');
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
