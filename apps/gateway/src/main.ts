import 'reflect-metadata';
import { ConsoleLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EnvReader } from '@kanban/config';
import { createBlobStore } from '@kanban/images';
import { MessagingModule, NatsBus } from '@kanban/messaging';
import { gatewayMessaging, loadGatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { configureHttpApp } from './http-app';

/** Distributed run: the gateway as its own process, talking to services over NATS. */
async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const env = new EnvReader(process.env);
  const bus = await NatsBus.connect({
    url: env.url('NATS_URL', 'nats://127.0.0.1:4222', ['nats', 'tls']),
    prefix: env.str('BUS_PREFIX', ''),
    name: 'gateway',
    requestTimeoutMs: env.int('BUS_TIMEOUT_MS', 10_000, { min: 100 }),
    user: env.str('NATS_USER', '') || undefined,
    password: env.str('NATS_PASSWORD', ''),
  });
  env.done();

  // Images go to the NATS object store (BLOB_STORE=nats, the default) or a folder (BLOB_STORE=folder).
  const blobs = createBlobStore(config.blobs, { nats: bus.nc });

  @Module({ imports: [MessagingModule.forRoot({ kind: 'nats', bus }, gatewayMessaging(config)), GatewayModule.forRoot(config, { blobs })] })
  class GatewayProcessModule {}

  const app = await NestFactory.create(GatewayProcessModule, {
    bodyParser: false,
    logger: new ConsoleLogger({ json: config.logFormat === 'json', prefix: 'gateway' }),
  });
  configureHttpApp(app, config);
  app.enableShutdownHooks();
  await app.listen(config.port, '0.0.0.0');
  process.on('SIGTERM', () => void app.close().then(() => bus.close()));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
