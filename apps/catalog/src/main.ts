import 'reflect-metadata';
import { ConsoleLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EnvReader } from '@kanban/config';
import { MessagingModule, NatsBus, NatsBusServer } from '@kanban/messaging';
import { Database, DatabaseModule } from '@kanban/persistence';
import { CatalogModule } from './catalog.module';
import { loadCatalogConfig } from './config';

/** Distributed run: the catalog service as its own process (no HTTP), over NATS and PostgreSQL. */
async function main(): Promise<void> {
  const config = loadCatalogConfig(process.env);
  const env = new EnvReader(process.env);
  const databaseUrl = env.url('DATABASE_URL', undefined, ['postgres', 'postgresql']);
  const natsUrl = env.url('NATS_URL', 'nats://127.0.0.1:4222', ['nats', 'tls']);
  const prefix = env.str('BUS_PREFIX', '');
  const logFormat = env.oneOf('LOG_FORMAT', ['json', 'text'] as const, 'json');
  const poolMax = env.int('DB_POOL_MAX', 10, { min: 1, max: 200 });
  env.done();

  const database = await Database.open({ kind: 'postgres', url: databaseUrl, poolMax });
  const bus = await NatsBus.connect({ url: natsUrl, prefix, name: 'catalog', requestTimeoutMs: 10_000 });

  @Module({
    imports: [
      DatabaseModule.forRoot(database),
      MessagingModule.forRoot({ kind: 'nats', bus }),
      CatalogModule.forRoot(config),
    ],
  })
  class CatalogProcessModule {}

  const app = await NestFactory.createMicroservice(CatalogProcessModule, {
    strategy: new NatsBusServer(bus, 'catalog'),
    logger: new ConsoleLogger({ json: logFormat === 'json', prefix: 'catalog' }),
  });
  app.enableShutdownHooks();
  await app.listen();
  const stop = () => void app.close().then(() => bus.close()).then(() => database.close()).finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
