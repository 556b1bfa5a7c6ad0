import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connectAsync, type MqttClient } from 'mqtt';
import { INGEST_CONFIG, type IngestConfig } from '../config';
import { IngestService } from '../readings/ingest.service';
import { BatchError, parseMqttPayload, parseTopic } from '../readings/reading-input';
import { MessageCoalescer } from './message-coalescer';

/** The topics a device publishes to: `kanban/{companyId}/sensors/{externalId}` (docs/sensors.md, "MQTT"). */
export function mqttTopic(root: string): string {
  return `${root}/+/sensors/+`;
}

/** How often a message is tried when the catalog or the store fails, before it is given up (logged). */
const ATTEMPTS = 6;

/**
 * Takes readings from the MQTT broker (MQTT_URL): a shared subscription `$share/<MQTT_SHARED_GROUP>/kanban/+/sensors/+`
 * at QoS 1, so the replicas of the ingestion split the messages between them. A message is acknowledged to the broker
 * only after its readings were taken (stored, or in the work stream); when that fails it is tried again with a growing
 * pause (1, 2, 4… s) and given up after {@link ATTEMPTS} tries with an error in the log. Refused readings are logged
 * (nobody to answer): the topic, the device, the reason. Who may publish to a company's topics is the broker's
 * business (users and ACLs; docs/sensors.md).
 *
 * The MQTT client hands a connection's QoS 1 messages over one at a time, each after the previous one's take: so the
 * subscriber opens MQTT_CONNECTIONS connections in the shared group and takes their waiting messages together
 * ({@link MessageCoalescer}: one look-up and one publish into the work stream for many messages). Messages published
 * at QoS 0 come without acknowledgement and are taken as they come, through the same coalescer.
 */
@Injectable()
export class MqttSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('MqttSubscriber');
  private clients: MqttClient[] = [];
  private coalescer?: MessageCoalescer;
  private received = 0;
  private refused = 0;

  constructor(
    private readonly ingest: IngestService,
    @Inject(INGEST_CONFIG) private readonly config: IngestConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { url, username, password, group, topicRoot, connections } = this.config.mqtt;
    if (!url) return;
    this.coalescer = new MessageCoalescer((companyId, batch) => this.ingest.accept(companyId, batch), {
      blockingLimit: connections,
      readingLimit: 1000,
      waitMs: 5,
    });
    const topic = mqttTopic(topicRoot);
    const id = randomBytes(6).toString('hex');
    for (let i = 0; i < connections; i++) {
      const client = await connectAsync(url, {
        clientId: `kanban-ingest-${id}-${i}`,
        username,
        password,
        protocolVersion: 5,
        clean: true,
        reconnectPeriod: 2000,
        // QoS 1: acknowledged when taken (and this connection's next message waits until then)
        customHandleAcks: (topic, message, _packet, done) => {
          void this.take(topic, message, true).finally(() => done(0));
        },
      });
      // QoS 0: no acknowledgement, nothing waits (customHandleAcks sees QoS 1 and 2 only)
      client.on('message', (topic, message, packet) => {
        if (packet.qos === 0) void this.take(topic, message, false);
      });
      client.on('error', (error) => this.log.warn(`MQTT: ${error.message}`));
      client.on('reconnect', () => this.log.log('MQTT: reconnecting'));
      this.clients.push(client);
      // the client subscribes again after a reconnect (resubscribe: true by default)
      await client.subscribeAsync(`$share/${group}/${topic}`, { qos: 1 });
    }
    this.log.log(`MQTT: subscribed to ${topic} at ${redact(url)} (shared group ${group}, ${connections} connections)`);
  }

  /** Readings taken and refused since the start (for the health answer and the tests). */
  counts(): { received: number; refused: number } {
    return { received: this.received, refused: this.refused };
  }

  private async take(topic: string, message: Buffer, blocking: boolean): Promise<void> {
    this.received++;
    const parts = parseTopic(topic, this.config.mqtt.topicRoot);
    if (!parts) {
      this.refused++;
      this.log.warn(`MQTT: ${topic}: not a topic ${this.config.mqtt.topicRoot}/{companyId}/sensors/{deviceId}`);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const batch = parseMqttPayload(parts.externalId, message, this.ingest.limits());
        const answer = await this.coalescer!.take(Number(parts.companyKey), batch, blocking);
        if (answer.refused.length > 0) {
          this.refused += answer.refused.length;
          for (const r of answer.refused.slice(0, 5)) this.log.warn(`MQTT: ${topic}: reading ${r.index} refused: ${r.field} ${r.reason}`);
        }
        return;
      } catch (error) {
        if (error instanceof BatchError) {
          this.refused++;
          this.log.warn(`MQTT: ${topic}: ${error.message}`);
          return;
        }
        if (attempt >= ATTEMPTS) {
          this.log.error(`MQTT: ${topic}: readings given up after ${attempt} tries: ${(error as Error)?.message ?? String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.endAsync()));
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
