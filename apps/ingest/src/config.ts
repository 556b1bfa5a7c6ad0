import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';

export interface IngestConfig {
  outbox: OutboxConfig;
  /** the ingestion process's own HTTP port (distributed run; the embedded run serves the calls on its one port) */
  port: number;
  /** months the raw readings are kept (whole month partitions); the hourly and daily aggregates are kept */
  retentionMonths: number;
  /** readings a writer stores in one transaction at most */
  batchSize: number;
  /** how long a writer waits for more readings before it stores a smaller batch */
  flushMs: number;
  /** distributed: batches a writer stores at once (each its own transaction) */
  writeParallel: number;
  /** distributed: how long the work stream waits for a writer's acknowledgement before it delivers a message again */
  ackWaitMs: number;
  /** distributed: bytes of readings waiting in the work stream above which HTTP batches are refused with 503 (0: no limit) */
  backlogMaxBytes: number;
  /** distributed: whether this replica runs writers (false: a receiver only, e.g. receivers and writers scaled apart) */
  writers: boolean;
  /** tests only: the process exits right after its n-th committed batch, before acknowledging it (0: never) */
  exitAfterCommit: number;
  /** MQTT: off when `url` is empty */
  mqtt: {
    url: string;
    username: string | undefined;
    password: string | undefined;
    /** the shared subscription's group: replicas in one group split the messages */
    group: string;
    /** the topics' first levels: `{topicRoot}/{companyId}/sensors/{deviceId}` */
    topicRoot: string;
    /** connections of this replica in the shared group (a connection hands over one QoS 1 message at a time) */
    connections: number;
  };
}

export function loadIngestConfig(env: Env, defaults: Partial<Record<string, string>> = {}): IngestConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: IngestConfig = {
    outbox: readOutboxConfig(r),
    port: r.int('INGEST_PORT', 3100, { min: 0, max: 65535 }),
    retentionMonths: r.int('READINGS_RETENTION_MONTHS', 13, { min: 1, max: 120 }),
    batchSize: r.int('INGEST_BATCH_SIZE', 5000, { min: 1, max: 10_000 }),
    flushMs: r.int('INGEST_FLUSH_MS', 200, { min: 1, max: 60_000 }),
    writeParallel: r.int('INGEST_WRITE_PARALLEL', 2, { min: 1, max: 8 }),
    ackWaitMs: r.int('INGEST_ACK_WAIT_MS', 60_000, { min: 1000, max: 3_600_000 }),
    backlogMaxBytes: r.int('INGEST_BACKLOG_MAX_MB', 16, { min: 0, max: 65_536 }) * 1_048_576,
    writers: r.bool('INGEST_WRITERS', true),
    exitAfterCommit: r.int('INGEST_EXIT_AFTER_COMMIT', 0, { min: 0 }),
    mqtt: {
      url: r.optional('MQTT_URL') === undefined ? '' : r.url('MQTT_URL', undefined, ['mqtt', 'mqtts', 'tcp', 'ssl', 'ws', 'wss']),
      username: r.optional('MQTT_USERNAME'),
      password: r.optional('MQTT_PASSWORD'),
      group: r.str('MQTT_SHARED_GROUP', 'kanban-ingest'),
      topicRoot: r.str('MQTT_TOPIC_ROOT', 'kanban'),
      connections: r.int('MQTT_CONNECTIONS', 32, { min: 1, max: 128 }),
    },
  };
  r.check('MQTT_TOPIC_ROOT', /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,4}$/.test(config.mqtt.topicRoot), 'must be topic levels of letters, digits, _ or - (e.g. kanban or test/kanban)');
  r.check('MQTT_SHARED_GROUP', /^[A-Za-z0-9_-]{1,64}$/.test(config.mqtt.group), 'must be 1 to 64 letters, digits, _ or -');
  r.done();
  return config;
}

export const INGEST_CONFIG = Symbol('INGEST_CONFIG');
