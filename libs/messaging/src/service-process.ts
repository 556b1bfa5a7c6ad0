import { ConsoleLogger, type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EnvReader } from '@kanban/config';
import { Database, DatabaseModule } from '@kanban/persistence';
import { MessagingModule } from './messaging.module';
import { NatsBus, NatsBusServer } from './nats';
import { readOutboxConfig } from './outbox';

/**
 * Distributed run of one service as its own process (no HTTP): reads DATABASE_URL, NATS_URL, NATS_USER, NATS_PASSWORD, BUS_PREFIX,
 * LOG_FORMAT, DB_POOL_MAX and EVENT_RETENTION_HOURS (the age of its event streams), opens PostgreSQL and NATS, serves the service's module over NATS and closes
 * all on SIGTERM/SIGINT. `module` gets the environment reader for the service's own variables (read them
 * before it returns: the reader then fails on unknown or malformed values).
 */
export async function runServiceProcess(service: string, module: (env: EnvReader) => DynamicModule): Promise<void> {
  const env = new EnvReader(process.env);
  const { databaseUrl, natsUrl, prefix, natsUser, natsPassword, logFormat, poolMax, eventRetentionHours } = readProcessEnv(env);
  const serviceModule = module(env);
  env.done();

  const database = await Database.open({ kind: 'postgres', url: databaseUrl, poolMax });
  const bus = await NatsBus.connect({ url: natsUrl, prefix, name: service, requestTimeoutMs: 10_000, streamMaxAgeHours: eventRetentionHours, user: natsUser || undefined, password: natsPassword });

  @Module({
    imports: [DatabaseModule.forRoot(database), MessagingModule.forRoot({ kind: 'nats', bus }), serviceModule],
  })
  class ServiceProcessModule {}

  const app = await NestFactory.createMicroservice(ServiceProcessModule, {
    strategy: new NatsBusServer(bus, service),
    logger: new ConsoleLogger({ json: logFormat === 'json', prefix: service }),
  });
  app.enableShutdownHooks();
  await app.listen();
  const stop = () =>
    void app
      .close()
      .then(() => bus.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** What every service process reads of its environment: its database, its NATS connection and user, logging, pool size, event retention. */
export function readProcessEnv(env: EnvReader) {
  return {
    databaseUrl: env.url('DATABASE_URL', undefined, ['postgres', 'postgresql']),
    natsUrl: env.url('NATS_URL', 'nats://127.0.0.1:4222', ['nats', 'tls']),
    prefix: env.str('BUS_PREFIX', ''),
    natsUser: env.str('NATS_USER', ''),
    natsPassword: env.str('NATS_PASSWORD', ''),
    logFormat: env.oneOf('LOG_FORMAT', ['json', 'text'] as const, 'json'),
    poolMax: env.int('DB_POOL_MAX', 10, { min: 1, max: 200 }),
    eventRetentionHours: readOutboxConfig(env).eventRetentionHours,
  };
}

/** The entry point of a service process: runs it, or prints why it cannot start and exits with 1. */
export function startServiceProcess(service: string, module: (env: EnvReader) => DynamicModule): void {
  runServiceProcess(service, module).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
