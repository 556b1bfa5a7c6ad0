import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { servicePersistence } from '@kanban/persistence';
import { INGEST_CONFIG, type IngestConfig } from './config';
import { HealthHandler } from './health/health.handler';
import { ingestData } from './ingest.data';
import { MqttSubscriber } from './mqtt/mqtt-subscriber';
import { HistoryHandler } from './readings/history.handler';
import { IngestService } from './readings/ingest.service';
import { DirectReadingQueue, JetStreamReadingQueue, READING_QUEUE, type ReadingQueueKind } from './readings/reading-queue';
import { ReadingsRepository } from './readings/readings.repository';
import { ReadingsWriter } from './readings/readings.writer';
import { SensorDirectory } from './readings/sensor-directory';

/**
 * The sensor ingestion (issue 17; docs/sensors.md): receivers for HTTP (`ingestRouter`, mounted by the composition
 * root), MQTT and LoRaWAN webhooks, the writers that store readings in batches, the readings' history. `queue` is the
 * composition root's choice: stored in this process (embedded) or through the JetStream work stream (distributed).
 */
@Module({})
export class IngestModule {
  static forRoot(config: IngestConfig, queue: ReadingQueueKind): DynamicModule {
    return {
      module: IngestModule,
      imports: [servicePersistence(ingestData), serviceOutbox({ service: 'ingest', ...config.outbox, claimMs: 30_000, batchSize: 100 })],
      controllers: [HealthHandler, HistoryHandler],
      providers: [
        { provide: INGEST_CONFIG, useValue: config },
        ReadingsRepository,
        ReadingsWriter,
        SensorDirectory,
        IngestService,
        MqttSubscriber,
        {
          provide: READING_QUEUE,
          useFactory: (writer: ReadingsWriter) =>
            queue.kind === 'direct'
              ? new DirectReadingQueue(writer, config.batchSize, config.flushMs)
              : new JetStreamReadingQueue(queue.bus, writer, { batchSize: config.batchSize, flushMs: config.flushMs, parallel: config.writeParallel, ackWaitMs: config.ackWaitMs, exitAfterCommit: config.exitAfterCommit, write: config.writers, backlogMaxBytes: config.backlogMaxBytes }),
          inject: [ReadingsWriter],
        },
      ],
      exports: [IngestService, SensorDirectory],
    };
  }
}
