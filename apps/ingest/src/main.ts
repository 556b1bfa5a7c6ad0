import 'reflect-metadata';
import { ConsoleLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { EnvReader } from '@kanban/config';
import { MessagingModule, NatsBus, NatsBusServer, readProcessEnv } from '@kanban/messaging';
import { Database, DatabaseModule } from '@kanban/persistence';
import { loadIngestConfig } from './config';
import { INGEST_BASE_PATH, ingestRouter } from './http/ingest-router';
import { IngestModule } from './ingest.module';
import { IngestService } from './readings/ingest.service';
import { SensorDirectory } from './readings/sensor-directory';

/**
 * Distributed run: the sensor ingestion as its own process, scaled by replicas (docs/sensors.md, docs/deployment.md):
 * its HTTP calls on INGEST_PORT (`/api/ingest/v1/…`, `/health`), the MQTT subscription (MQTT_URL), the writers on the
 * JetStream work stream, its bus subjects (health, history, dead letters) over NATS, PostgreSQL (schema `ingest`).
 */
async function main(): Promise<void> {
  const env = new EnvReader(process.env);
  const { databaseUrl, natsUrl, prefix, natsUser, natsPassword, logFormat, poolMax, eventRetentionHours } = readProcessEnv(env);
  const host = env.str('HOST', '0.0.0.0');
  env.done();
  const config = loadIngestConfig(process.env);

  const database = await Database.open({ kind: 'postgres', url: databaseUrl, poolMax });
  const bus = await NatsBus.connect({ url: natsUrl, prefix, name: 'ingest', requestTimeoutMs: 10_000, streamMaxAgeHours: eventRetentionHours, user: natsUser || undefined, password: natsPassword });

  @Module({
    imports: [DatabaseModule.forRoot(database), MessagingModule.forRoot({ kind: 'nats', bus }), IngestModule.forRoot(config, { kind: 'jetstream', bus })],
  })
  class IngestProcessModule {}

  const app = await NestFactory.create<NestExpressApplication>(IngestProcessModule, {
    bodyParser: false,
    logger: new ConsoleLogger({ json: logFormat === 'json', prefix: 'ingest' }),
  });
  app.disable('x-powered-by');
  // idle keep-alive connections outlive the clients' and load balancers' (as the gateway's: no reuse-while-closing race)
  const server = app.getHttpServer() as { keepAliveTimeout: number; headersTimeout: number };
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  app.use(INGEST_BASE_PATH, ingestRouter(app.get(IngestService), app.get(SensorDirectory)));
  // liveness and readiness of the process (the load balancer's and Kubernetes' probes)
  app.use('/health', (_req: Request, res: Response) => {
    res.status(200).json({ Meta: { code: 200, message: '' }, Data: { service: 'ingest' } });
  });
  app.connectMicroservice({ strategy: new NatsBusServer(bus, 'ingest') });
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  await app.listen(config.port, host);
  const stop = () =>
    void app
      .close()
      .then(() => bus.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
