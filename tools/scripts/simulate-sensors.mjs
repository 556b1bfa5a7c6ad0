// `npm run simulate:sensors`: makes the demo's sensors report, so the racks' fill levels, stock and alarms move while
// you watch (README "Sensors"). Reads the company's sensors and the bins they sit in (their calibration and the rules'
// capacity and stock) through the API, then every interval sends each active sensor's reading as its bin would weigh,
// measure or count it: pieces are used up, a bin at its threshold is refilled a little later, one sensor goes silent
// after a few rounds (its offline alarm follows after 3 × its interval), and one scale sends a negative reading once
// (journal 2007). Readings go over MQTT (one reading per message to kanban/{companyId}/sensors/{externalId}) and over
// HTTP (one batch per round to POST /api/ingest/v1/readings with the company's device key), the sensors split
// between the two paths. Prints what it sends.
//
// Options (flag or environment):
//   --url URL            the server (SERVER_URL; default http://127.0.0.1:3000, the embedded run)
//   --ingest-url URL     the ingestion's HTTP (INGEST_URL; default the server: embedded; distributed: http://127.0.0.1:3100)
//   --mqtt-url URL       the broker (MQTT_URL; default mqtt://127.0.0.1:1883); the server must run with the same MQTT_URL
//   --topic-root ROOT    the topics' root (MQTT_TOPIC_ROOT; default kanban)
//   --paths LIST         mqtt,http (default both), or one of them
//   --interval SECONDS   between rounds (default 5)
//   --duration SECONDS   stop after this long (default 0: until Ctrl-C)
//   --key KEY            the company's device key (DEVICE_KEY); without it the script signs in as the admin and
//                        ROTATES the key (the old one stays valid 24 hours)
//   --email, --password, --api-key   the sign-in (default the demo admin: admin@demo.example / demo12345, kanban-web-demo-key)
//   --company ID         the company (default the admin's first)
//   --silent EXTERNAL_ID the sensor that goes silent (default: a distance sensor, else the last one)
//   --silent-after N     rounds before it goes silent (default 3)
//   --negative-at N      the round in which one scale sends a negative reading (default 4; 0: never)
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const mqtt = require('mqtt');

function options() {
  const flags = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`unknown argument ${argv[i]} (see the head of tools/scripts/simulate-sensors.mjs)`);
    flags[match[1]] = match[2] ?? argv[++i];
  }
  const env = process.env;
  const url = flags.url ?? env.SERVER_URL ?? 'http://127.0.0.1:3000';
  return {
    url,
    ingestUrl: flags['ingest-url'] ?? env.INGEST_URL ?? url,
    mqttUrl: flags['mqtt-url'] ?? env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    topicRoot: flags['topic-root'] ?? env.MQTT_TOPIC_ROOT ?? 'kanban',
    paths: (flags.paths ?? 'mqtt,http').split(',').map((p) => p.trim()),
    interval: Number(flags.interval ?? 5),
    duration: Number(flags.duration ?? 0),
    key: flags.key ?? env.DEVICE_KEY,
    email: flags.email ?? 'admin@demo.example',
    password: flags.password ?? 'demo12345',
    apiKey: flags['api-key'] ?? 'kanban-web-demo-key',
    company: flags.company ? Number(flags.company) : undefined,
    silent: flags.silent,
    silentAfter: Number(flags['silent-after'] ?? 3),
    negativeAt: Number(flags['negative-at'] ?? 4),
  };
}

const o = options();
if (!o.paths.every((p) => p === 'mqtt' || p === 'http')) throw new Error('--paths takes mqtt, http or both');
const clock = () => new Date().toISOString().slice(11, 19);
const round2 = (n) => Math.round(n * 100) / 100;

async function api(method, path, token, body) {
  const headers = { 'Content-Type': 'application/json', 'X-API-Key': o.apiKey };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${o.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => null);
  if (!answer || answer.Meta?.code !== 200) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer?.Meta ?? answer)}`);
  return answer.Data;
}
const items = (data) => (Array.isArray(data) ? data : (data?.items ?? []));

/** Every list page of a call (per_page 100). */
async function all(path, token) {
  const out = [];
  for (let page = 1; page < 50; page++) {
    const data = await api('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=100`, token);
    out.push(...items(data));
    if (!data || Array.isArray(data) || out.length >= (data.total ?? 0) || items(data).length === 0) break;
  }
  return out;
}

/** The bins that hold a sensor, by sensor id: calibration and rule, found through customers, locations and racks. */
async function binsBySensor(company, token) {
  const found = new Map();
  for (const customer of await all(`/c/${company}/customer`, token)) {
    for (const location of await all(`/c/${company}/customer/${customer.id}/location`, token).catch(() => [])) {
      const racks = await all(`/c/${company}/customer/${customer.id}/location/${location.id}/storage`, token).catch(() => []);
      for (const rack of racks) {
        const { bins } = await api('GET', `/c/${company}/customer/${customer.id}/location/${location.id}/storage/${rack.id}/bins`, token);
        for (const bin of bins) if (bin.sensor_id) found.set(bin.sensor_id, { ...bin, place: `${location.name} / ${rack.name} / ${bin.label}` });
      }
    }
  }
  return found;
}

/** A sensor's bin as the simulation sees it: pieces in it, what makes a reading of them, when it is refilled. */
function model(sensor, bin) {
  const capacity = bin?.rule?.capacity || 100;
  const threshold = bin?.rule?.threshold ?? Math.round(capacity * 0.25);
  const measured = bin?.measured ?? { weight: 'weight_g', distance: 'distance_mm' }[sensor.type] ?? 'count';
  const pieceWeight = bin?.piece_weight || 10;
  const tare = bin?.tare ?? 0;
  const empty = bin?.empty_distance ?? 400;
  const full = bin?.full_distance ?? 50;
  const perBin = bin?.pieces_per_bin || 10;
  let pieces = bin?.rule?.stock ?? capacity * (0.4 + Math.random() * 0.5);
  let refillIn = -1;
  let battery = sensor.battery ?? 90;
  return {
    sensor,
    place: bin?.place ?? '(in no bin)',
    capacity,
    threshold,
    get pieces() {
      return pieces;
    },
    /** one round: use, maybe a refill; answers what happened */
    step() {
      if (refillIn === 0) {
        refillIn = -1;
        const before = pieces;
        pieces = capacity;
        return `refilled ${Math.round(before)} -> ${capacity} pcs`;
      }
      if (refillIn > 0) refillIn--;
      const used = Math.min(pieces, Math.round(Math.random() * capacity * 0.06));
      pieces -= used;
      if (pieces <= threshold && refillIn < 0) refillIn = 2;
      battery = Math.max(5, battery - (Math.random() < 0.1 ? 1 : 0));
      return used > 0 ? `used ${used} pcs -> ${Math.round(pieces)}` : 'no use';
    },
    /** the reading of the bin now in the sensor's unit */
    value() {
      if (measured === 'weight_g') return round2((tare + pieces * pieceWeight + (Math.random() - 0.5) * pieceWeight * 0.2) * (sensor.unit === 'kg' ? 0.001 : 1));
      if (measured === 'distance_mm') return round2((empty - (pieces / capacity) * (empty - full) + (Math.random() - 0.5) * 2) * (sensor.unit === 'cm' ? 0.1 : 1));
      return Math.ceil(pieces / perBin);
    },
    negative() {
      return round2(-(tare * 0.1 + 25) * (sensor.unit === 'kg' ? 0.001 : 1));
    },
    extras() {
      return { battery, signal: -60 - Math.round(Math.random() * 25) };
    },
  };
}

let token;
let company = o.company;
let key = o.key;
if (!key || !company) {
  token = (await api('POST', '/authenticate', undefined, { Email: o.email, Password: o.password })).token;
  company ??= items(await api('GET', '/company', token))[0]?.id;
  if (!company) throw new Error('the user has no company');
}
if (!key) {
  key = (await api('POST', `/c/${company}/sensor/devicekey`, token, {})).key;
  console.log(`device key rotated for company ${company} (the previous key stays valid 24 hours): ${key}`);
}
if (!token) token = (await api('POST', '/authenticate', undefined, { Email: o.email, Password: o.password })).token;
const sensors = (await all(`/c/${company}/sensor`, token)).filter((s) => s.active);
if (sensors.length === 0) throw new Error(`company ${company} has no active sensors (settings -> sensors)`);
const bins = await binsBySensor(company, token);
const models = sensors.map((s) => model(s, bins.get(s.id)));
// the sensors split between the paths: alternating when both are on
const pathOf = new Map(models.map((m, i) => [m.sensor.id, o.paths.length === 2 ? o.paths[i % 2] : o.paths[0]]));
const silent = models.find((m) => m.sensor.external_id === o.silent) ?? models.find((m) => m.sensor.type === 'distance') ?? models[models.length - 1];
const negative = models.find((m) => m.sensor.type === 'weight' && m !== silent);

console.log(`simulating ${models.length} sensors of company ${company} every ${o.interval} s${o.duration ? ` for ${o.duration} s` : ' (Ctrl-C ends)'}:`);
for (const m of models) {
  console.log(`  ${m.sensor.external_id.padEnd(22)} ${m.sensor.type.padEnd(13)} ${pathOf.get(m.sensor.id).padEnd(4)} ${m.place}${m === silent ? `  [goes silent after round ${o.silentAfter}]` : ''}${m === negative && o.negativeAt ? `  [negative reading in round ${o.negativeAt}]` : ''}`);
}

let client;
if (o.paths.includes('mqtt')) {
  client = await mqtt.connectAsync(o.mqttUrl, { clientId: `kanban-simulator-${process.pid}`, connectTimeout: 5000, reconnectPeriod: 2000 });
  console.log(`MQTT: connected to ${o.mqttUrl}; topics ${o.topicRoot}/${company}/sensors/{externalId}`);
}

const started = Date.now();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => (stopping = true));

for (let round = 1; !stopping && (!o.duration || Date.now() - started < o.duration * 1000); round++) {
  console.log(`[${clock()}] round ${round}`);
  const batch = [];
  for (const m of models) {
    if (m === silent && round > o.silentAfter) {
      if (round === o.silentAfter + 1) console.log(`  ${m.sensor.external_id}: goes silent now (offline alarm after 3 × ${m.sensor.interval_minutes} min)`);
      continue;
    }
    const what = m.step();
    const isNegative = m === negative && round === o.negativeAt;
    const reading = { time: new Date().toISOString(), value: isNegative ? m.negative() : m.value(), ...m.extras() };
    const note = isNegative ? 'NEGATIVE reading (journal 2007)' : what;
    if (pathOf.get(m.sensor.id) === 'mqtt') {
      const topic = `${o.topicRoot}/${company}/sensors/${m.sensor.external_id}`;
      const payload = JSON.stringify(reading);
      await client.publishAsync(topic, payload, { qos: 1 });
      console.log(`  mqtt ${topic} ${payload}  ${note}`);
    } else {
      batch.push({ external_id: m.sensor.external_id, ...reading });
      console.log(`  http ${m.sensor.external_id} ${JSON.stringify(reading)}  ${note}`);
    }
  }
  if (batch.length > 0) {
    try {
      const response = await fetch(`${o.ingestUrl}/api/ingest/v1/readings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ readings: batch }),
      });
      const answer = await response.json().catch(() => null);
      console.log(`  http POST ${o.ingestUrl}/api/ingest/v1/readings (${batch.length} readings): ${response.status} ${JSON.stringify(answer?.Data ?? answer?.Meta)}`);
    } catch (error) {
      console.log(`  http POST failed: ${error.message}`);
    }
  }
  const next = started + round * o.interval * 1000;
  while (!stopping && Date.now() < next) await new Promise((resolve) => setTimeout(resolve, Math.min(250, next - Date.now())));
}
await client?.endAsync();
console.log(`[${clock()}] done`);
