import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient, type Packet } from 'mqtt';
import { connectHoldingAcks } from './mqtt-subscriber';

// against the machine's Mosquitto (as tests/e2e/ingest.e2e.ts)
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !check(); await sleep(10)) if (Date.now() - start > 4000) throw new Error(`waited in vain for ${what}`);
}

describe('connectHoldingAcks (mqtt.js against the broker)', () => {
  const clients: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('takes several QoS 1 messages of a connection at once and acknowledges each only after its take, in their order', async () => {
    const run = randomBytes(4).toString('hex');
    const topic = `spec-${run}/kanban/1/sensors/scale-1`;
    const takes: { message: string; release: () => void }[] = [];
    const client = await connectHoldingAcks(MQTT_URL, { clientId: `spec-sub-${run}`, clean: true, reconnectPeriod: 0 }, (_topic, message) => new Promise<void>((release) => takes.push({ message: message.toString(), release })));
    clients.push(client);
    // what the client receives and what it acknowledges (mqtt.js writes every packet through _writePacket)
    const received: number[] = [];
    const acknowledged: number[] = [];
    client.on('packetreceive', (packet: Packet) => {
      if (packet.cmd === 'publish') received.push(packet.messageId!);
    });
    const raw = client as unknown as { _writePacket: (packet: Packet, cb?: unknown) => void };
    const write = raw._writePacket.bind(client);
    raw._writePacket = (packet, cb) => {
      if (packet.cmd === 'puback') acknowledged.push(packet.messageId!);
      write(packet, cb);
    };
    await client.subscribeAsync(topic, { qos: 1 });
    const publisher = await connectAsync(MQTT_URL, { clientId: `spec-pub-${run}`, protocolVersion: 4, clean: true, reconnectPeriod: 0 });
    clients.push(publisher);
    for (const message of ['a', 'b', 'c']) await publisher.publishAsync(topic, message, { qos: 1 });

    // all three in hand while none was acknowledged (the client did not wait for the first one's take)
    await until(() => takes.length === 3, 'three takes');
    expect(takes.map((t) => t.message)).toEqual(['a', 'b', 'c']);
    await sleep(50);
    expect(acknowledged).toEqual([]);
    // the second's take is done: its acknowledgement waits for the first
    takes[1]!.release();
    await sleep(50);
    expect(acknowledged).toEqual([]);
    takes[0]!.release();
    await until(() => acknowledged.length === 2, 'two acknowledgements');
    expect(acknowledged).toEqual(received.slice(0, 2));
    takes[2]!.release();
    await until(() => acknowledged.length === 3, 'three acknowledgements');
    expect(acknowledged).toEqual(received);
  });
});
