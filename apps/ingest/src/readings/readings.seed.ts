import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ResolvedReading } from '@kanban/contracts';
import type { Database } from '@kanban/persistence';
import { ingestData } from '../ingest.data';
import { toColumns } from './reading-columns';
import { ReadingsRepository } from './readings.repository';

/**
 * The demo sensors' readings history (README "Demo data"): stored as the writers store readings (month partitions,
 * the hourly aggregates), in batches of 5,000, without announcing them (the catalog's
 * sensor state and the rules' stock are seeded as they are). Does nothing when the company has readings.
 */
export async function seedReadingsDemo(database: Database, companyId: number, readings: ResolvedReading[]): Promise<number> {
  if (readings.length === 0) return 0;
  const orm = await MikroORM.init(database.ormOptions(ingestData));
  try {
    const repository = new ReadingsRepository();
    const em = orm.em.fork() as EntityManager;
    const [existing] = await em.execute<{ n: number }[]>('select count(*)::int as n from ingest.reading_hourly where company_id = ?', [companyId]);
    if (Number(existing?.n ?? 0) > 0) return 0;
    const times = readings.map((r) => Date.parse(r.read_at));
    await repository.ensurePartitions(em, times.reduce((a, b) => Math.min(a, b)), times.reduce((a, b) => Math.max(a, b)));
    let stored = 0;
    for (let start = 0; start < readings.length; start += 5000) {
      const chunk = readings.slice(start, start + 5000);
      stored += await em.transactional(async (tx) => (await repository.insert(tx as EntityManager, toColumns(chunk))).stored);
    }
    return stored;
  } finally {
    await orm.close();
  }
}
