import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connectAsync, type IClientOptions, type MqttClient, type Packet } from 'mqtt';
import { INGEST_CONFIG, type IngestConfig } from '../config';
import { IngestService } from '../readings/ingest.service';
import { BatchError, parseMqttPayload, parseTopic } from '../readings/reading-input';
import { AckQueue } from './ack-queue';
import { MessageCoalescer } from './message-coalescer';

/** The topics a device publishes to: `kanban/{companyId}/sensors/{externalId}` (docs/sensors.md, "MQTT"). */
export function mqttTopic(root: string): string {
  return `${root}/+/sensors/+`;
}

/** How often a message is tried when the catalog or the store fails, before it is given up (logged). */
const ATTEMPTS = 6;
/** Unacknowledged QoS 1 messages the broker may send a connection (MQTT 5 Receive Maximum): taken together. */
export const RECEIVE_MAXIMUM = 500;
/** How long the first waiting message waits for more before they are taken (one look-up and publish for all). */
const COALESCE_MS = 10;
const noop = (): void => undefined;

/**
 * Takes readings from the MQTT broker (MQTT_URL): a shared subscription `$share/<MQTT_SHARED_GROUP>/kanban/+/sensors/+`
 * at QoS 1, so the replicas of the ingestion split the messages between them. A message is acknowledged to the broker
 * only after its readings were taken (stored, or in the work stream); when that fails it is tried again with a growing
 * pause (1, 2, 4… s) and given up after {@link ATTEMPTS} tries with an error in the log. Refused readings are logged
 * (nobody to answer): the topic, the device, the reason. Who may publish to a company's topics is the broker's
 * business (users and ACLs; docs/sensors.md).
 *
 * The MQTT client hands a connection's QoS 1 messages over one at a time, each once the previous one's acknowledgement
 * was made: the subscriber lets it make them at once and holds them back ({@link AckQueue}) until their messages were
 * taken, in the order the messages came. So each of the MQTT_CONNECTIONS connections has up to {@link RECEIVE_MAXIMUM}
 * messages in hand, the {@link MessageCoalescer} takes those waiting together (one look-up and one publish into the
 * work stream for many messages) and their acknowledgements go out in one write per connection. Messages published at
 * QoS 0 come without acknowledgement and are taken as they come, through the same coalescer.
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
      // every connection's Receive Maximum waits: none can hand more before an answer
      blockingLimit: connections * RECEIVE_MAXIMUM,
      readingLimit: 1000,
      waitMs: COALESCE_MS,
    });
    const topic = mqttTopic(topicRoot);
    const id = randomBytes(6).toString('hex');
    for (let i = 0; i < connections; i++) {
      const connection = await connectHoldingAcks(
        url,
        {
          clientId: `kanban-ingest-${id}-${i}`,
          username,
          password,
          clean: true,
          reconnectPeriod: 2000,
        },
        (topic, message) => this.take(topic, message, true),
      );
      // QoS 0: no acknowledgement, nothing waits (customHandleAcks sees QoS 1 and 2 only)
      connection.on('message', (topic, message, packet) => {
        if (packet.qos === 0) void this.take(topic, message, false);
      });
      connection.on('error', (error) => this.log.warn(`MQTT: ${error.message}`));
      connection.on('reconnect', () => this.log.log('MQTT: reconnecting'));
      this.clients.push(connection);
      // the client subscribes again after a reconnect (resubscribe: true by default)
      await connection.subscribeAsync(`$share/${group}/${topic}`, { qos: 1 });
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

/**
 * Connects an MQTT 5 client whose QoS 1 messages go to `take` and are acknowledged only once `take` settled, in the
 * order they came ({@link AckQueue}), while the client goes on with the next ones: up to {@link RECEIVE_MAXIMUM}
 * unacknowledged messages per connection. mqtt.js makes the acknowledgement through its `_sendPacket` right after
 * customHandleAcks' `done`: that is where it is held (mqtt-subscriber.spec.ts checks it against the broker).
 */
export async function connectHoldingAcks(url: string, options: IClientOptions, take: (topic: string, message: Buffer) => Promise<void>): Promise<MqttClient> {
  // `client` is set before anything is subscribed, so before the first message
  let client: MqttClient | undefined;
  const acks = new AckQueue<Packet>(
    () => (client?.connected ? client.stream : null),
    (packet) => send(packet),
  );
  client = await connectAsync(url, {
    ...options,
    protocolVersion: 5,
    // how many unacknowledged QoS 1 messages the broker sends this connection (they are taken together)
    properties: { ...options.properties, receiveMaximum: RECEIVE_MAXIMUM },
    // mqtt.js logs through `debug` some twenty times a packet when no logger is given, at a few per cent of the process
    log: noop,
    // QoS 1: the client acknowledges at once (and hands over the next message); the acknowledgement is held below
    // until the message was taken
    customHandleAcks: (topic, message, packet, done) => {
      // the subscriptions are at QoS 1, so the broker sends no QoS 2; were it to, its receipt waits for the take
      if (packet.qos !== 1) return void take(topic, message).finally(() => done(0));
      const entry = acks.receive(packet.messageId!);
      void take(topic, message).finally(() => acks.taken(entry));
      done(0);
    },
  });
  const raw = client as unknown as { _sendPacket: (packet: Packet, cb?: (error?: Error) => void, ...rest: unknown[]) => void };
  const original = raw._sendPacket.bind(client);
  const send = (packet: Packet) => original(packet);
  raw._sendPacket = (packet, cb, ...rest) => {
    if (packet.cmd !== 'puback') return original(packet, cb, ...rest);
    if (!acks.hold(packet.messageId ?? -1, packet) && client!.connected) return original(packet, cb, ...rest);
    // held (or of a closed connection: never sent on the next one); the client goes on with its next message
    cb?.();
  };
  return client;
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
