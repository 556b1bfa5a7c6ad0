// `npm run bench:ingest`: the sensor ingestion end to end in the DISTRIBUTED run (issue 17): readings published over
// HTTP batches and single-reading MQTT messages, through the ingest process's receivers, the JetStream work stream
// RAW_ingest and its writers into PostgreSQL (schema ingest), with one ingest worker and with two; against a raw COPY
// of the same kind of rows into a plain table of the same columns and key, measured in the same run.
//  1. starts the distributed system with the ingest process (own database on the machine's PostgreSQL, own
//     nats-server with JetStream in a temporary folder: libs/testing), MQTT at MQTT_URL (the machine's Mosquitto,
//     under a topic root of this run), makes BENCH_SENSORS weight sensors and a device key through the API;
//  2. raw COPY: BENCH_COPY_ROWS rows through psql's COPY FROM STDIN into bench_copy.reading (the columns and primary
//     key of ingest.reading, unpartitioned, no aggregates), best of two;
//  3. per worker count (1, then a second ingest process: receivers and writers share the stream's consumer):
//     - HTTP batches of 1,000 readings from BENCH_HTTP_CONCURRENCY posters as fast as the 202s come, BENCH_SECONDS
//       long: readings/s = readings stored / (the last batch's commit - the first send), i.e. until the work stream is
//       drained; a 503 with Retry-After (the work stream above INGEST_BACKLOG_MAX_MB) sends the batch again after it;
//     - HTTP batches paced at the target rate (25 % of COPY): p99 publish -> stored;
//     - MQTT single-reading messages at QoS 1 paced at BENCH_MQTT_RATE (10,000/s) from BENCH_MQTT_CLIENTS
//       connections: stored, lost, readings/s end to end, p99 publish -> stored.
//     A reading's time is the instant it was sent (unique per sensor), and the writer stamps received_at in the
//     transaction that stores it: publish -> stored = received_at - read_at, for every reading (the transaction's
//     start; its commit follows within the one statement). Publish -> stock change: during the paced phases a probe
//     scale in a bin with a kanban rule (StockProbe) sends a reading every 250 ms over the phase's path, each a piece
//     more; the orders service's stock event of kind 'sensor' (created_at) ends its time.
//  4. the peak RSS (VmHWM) of each ingest process, and a summary against the targets.
// Options (environment): BENCH_SECONDS (15), BENCH_SENSORS (400: a sensor's readings are a millisecond apart at least,
// so 400 sensors allow 400,000 readings/s with times that do not run ahead of the clock; with 100, more than 100,000/s
// would, and publish -> stored came out too short), BENCH_COPY_ROWS (200000), BENCH_MQTT_RATE (10000),
// BENCH_MQTT_CLIENTS (4), BENCH_HTTP_CONCURRENCY (4), BENCH_PATHS (http,mqtt), BENCH_WORKERS (1,2), MQTT_URL
// (mqtt://127.0.0.1:1883). Profiles: SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p" (node flags for every launched
// process, libs/testing) leaves a .cpuprofile per process at its end (docs/ingestion.md, "MQTT: the ingest process's CPU").
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const testing = require('../dist/libs/testing/src/index.js');
const { Client } = require('pg');
const mqtt = require('mqtt');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SENSORS = Number(process.env.BENCH_SENSORS ?? 400);
const COPY_ROWS = Number(process.env.BENCH_COPY_ROWS ?? 200_000);
const MQTT_RATE = Number(process.env.BENCH_MQTT_RATE ?? 10_000);
const MQTT_CLIENTS = Number(process.env.BENCH_MQTT_CLIENTS ?? 4);
const HTTP_CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 4);
const PATHS = (process.env.BENCH_PATHS ?? 'http,mqtt').split(',');
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const BATCH = 1000;
const TARGETS = { httpToCopy: 0.25, mqttPerSecond: 10_000, p99Ms: 2000 };

const topicRoot = `bench-${process.pid}/kanban`;
process.env.MQTT_URL = MQTT_URL;
process.env.MQTT_TOPIC_ROOT = topicRoot;
process.env.MQTT_SHARED_GROUP = `bench-${process.pid}`;

/** the phases' sensors (the stock probe's readings are not the phases' load): the readings are looked up by sensor and time, the primary key */
let benchSensorIds = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n, digits = 0) => Number(n).toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function must(answer) {
  const a = await answer;
  if (a.body.Meta.code !== 200) throw new Error(JSON.stringify(a.body.Meta));
  return a.body.Data;
}

/** Readings of the bench's sensors, round robin, each at the instant it is made (one millisecond apart per sensor at least). */
class ReadingSource {
  constructor(sensors) {
    this.sensors = sensors;
    this.next = 0;
    this.lastAt = new Map();
    this.made = 0;
  }

  reading() {
    const sensor = this.sensors[this.next++ % this.sensors.length];
    const at = Math.max(Date.now(), (this.lastAt.get(sensor.id) ?? 0) + 1);
    this.lastAt.set(sensor.id, at);
    this.made++;
    // a scale's weight in grams: a slow walk around 2 kg
    return { sensor, at, value: 2000 + ((this.made * 7919) % 997) - 498 };
  }
}

/** The phase's readings as the database has them: count, the last commit, the p99 and max of publish -> stored. */
async function stored(db, company, from, to) {
  const { rows } = await db.query(
    `select count(*)::int as n,
            extract(epoch from max(received_at)) * 1000 as last_ms,
            coalesce(percentile_cont(0.99) within group (order by extract(epoch from received_at - read_at) * 1000), 0) as p99,
            coalesce(percentile_cont(0.5) within group (order by extract(epoch from received_at - read_at) * 1000), 0) as p50,
            coalesce(extract(epoch from max(received_at - read_at)) * 1000, 0) as max,
            count(distinct received_at)::int as batches
       from ingest.reading where sensor_id = any($1::int[]) and read_at >= $2 and read_at <= $3`,
    [benchSensorIds, new Date(from), new Date(to)],
  );
  const r = rows[0];
  return { n: r.n, lastMs: Number(r.last_ms), p99: Number(r.p99), p50: Number(r.p50), max: Number(r.max), batches: r.batches };
}

/** Waits until `expected` readings of the phase are stored, or nothing more came for 20 s (lost readings). */
async function drained(db, company, from, to, expected) {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const { rows } = await db.query('select count(*)::int as n from ingest.reading where sensor_id = any($1::int[]) and read_at >= $2 and read_at <= $3', [benchSensorIds, new Date(from), new Date(to)]);
    const n = rows[0].n;
    if (n >= expected) return;
    if (n !== last) {
      last = n;
      since = Date.now();
    } else if (Date.now() - since > 20_000) return;
    await sleep(250);
  }
}

/** HTTP batches to the ingest processes' URLs (round robin); `rate` null: as fast as the answers come. */
async function httpPhase({ urls, key, source, rate, probe }) {
  const stopProbe = probe?.start(async (r) =>
    fetch(`${urls[0]}/api/ingest/v1/readings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ readings: [{ external_id: r.sensor.external_id, time: r.at, value: r.value }] }),
    }),
  );
  const start = Date.now();
  const end = start + SECONDS * 1000;
  let batches = 0;
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  /** answers 503 with Retry-After (the work stream above INGEST_BACKLOG_MAX_MB), each followed by the same batch again */
  let deferred = 0;
  let maxAt = 0;
  const poster = async () => {
    while (Date.now() < end) {
      const n = batches++;
      if (rate) {
        const due = start + ((n * BATCH) / rate) * 1000;
        if (due >= end) return;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      const readings = [];
      for (let i = 0; i < BATCH; i++) {
        const r = source.reading();
        readings.push({ external_id: r.sensor.external_id, time: r.at, value: r.value });
        maxAt = Math.max(maxAt, r.at);
      }
      const payload = JSON.stringify({ readings });
      let response;
      let body;
      // as a device does: a 503 with Retry-After (the writers are behind) sends the same batch again after that wait
      for (;;) {
        response = await fetch(`${urls[n % urls.length]}/api/ingest/v1/readings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: payload,
        });
        body = await response.json().catch(() => null);
        const retryAfter = Number(response.headers.get('retry-after'));
        if (response.status !== 503 || !retryAfter) break;
        deferred++;
        await sleep(retryAfter * 1000);
      }
      if (response.status !== 202) {
        failed += BATCH;
        if (failed === BATCH) console.log(`  HTTP ${response.status}: ${JSON.stringify(body?.Meta)}`);
        continue;
      }
      accepted += body.Data.accepted;
      refused += body.Data.refused.length;
    }
  };
  const concurrency = rate ? Math.max(HTTP_CONCURRENCY, Math.ceil(rate / 5000)) : HTTP_CONCURRENCY;
  await Promise.all(Array.from({ length: concurrency }, poster));
  const probes = stopProbe?.() ?? [];
  return { start, sentEnd: Date.now(), maxAt, published: accepted + refused + failed, accepted, refused, failed, deferred, probes };
}

/** Single-reading MQTT messages at QoS 1 paced at `rate`, from MQTT_CLIENTS connections. */
async function mqttPhase({ company, source, rate, probe }) {
  const clients = await Promise.all(Array.from({ length: MQTT_CLIENTS }, (_, i) => mqtt.connectAsync(MQTT_URL, { clientId: `bench-pub-${process.pid}-${i}-${Date.now()}`, protocolVersion: 4, clean: true })));
  const stopProbe = probe?.start((r) => clients[0].publishAsync(`${topicRoot}/${company}/sensors/${r.sensor.external_id}`, `{"time":${r.at},"value":${r.value}}`, { qos: 1 }));
  const start = Date.now();
  const end = start + SECONDS * 1000;
  let published = 0;
  let acked = 0;
  let failed = 0;
  let maxAt = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = Date.now();
      const due = Math.min(Math.floor(((Math.min(now, end) - start) / 1000) * rate), Math.floor(SECONDS * rate));
      while (published < due) {
        const r = source.reading();
        maxAt = Math.max(maxAt, r.at);
        const client = clients[published % clients.length];
        published++;
        client.publish(`${topicRoot}/${company}/sensors/${r.sensor.external_id}`, `{"time":${r.at},"value":${r.value}}`, { qos: 1 }, (error) => (error ? failed++ : acked++));
      }
      if (now >= end) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const sentEnd = Date.now();
  const probes = stopProbe?.() ?? [];
  for (let i = 0; i < 200 && acked + failed < published; i++) await sleep(50);
  await Promise.all(clients.map((c) => c.endAsync()));
  return { start, sentEnd, maxAt, published, accepted: acked, refused: 0, failed, probes };
}

/**
 * The stock probe: a scale of its own in a bin with a kanban rule (tare 0, 1 g a piece, no dead time), which sends a
 * reading every PROBE_MS during a paced phase over the phase's path, each one piece more than the last. The orders
 * service writes a stock event of kind 'sensor' when a reading changes the rule's stock; a reading's publish -> stock
 * change is the time until the first such event with at least its stock (a newer reading of the same batch may stand
 * for it: the catalog takes a sensor's newest reading per batch).
 */
const PROBE_MS = 250;
class StockProbe {
  constructor(db, company, sensor, ruleId) {
    this.db = db;
    this.company = company;
    this.sensor = sensor;
    this.ruleId = ruleId;
    this.next = 1000;
    this.sent = [];
  }

  start(send) {
    const sent = [];
    const timer = setInterval(() => {
      const value = this.next++;
      const at = Date.now();
      sent.push({ value, at });
      void send({ sensor: this.sensor, at, value }).catch(() => undefined);
    }, PROBE_MS);
    return () => {
      clearInterval(timer);
      return sent;
    };
  }

  /** p99 and max of publish -> stock change of the probe's readings; waits up to 30 s for the last one's event. */
  async latency(sent) {
    if (sent.length === 0) return null;
    const last = sent[sent.length - 1].value;
    let events = [];
    for (let i = 0; i < 120; i++) {
      ({ rows: events } = await this.db.query(
        `select stock, extract(epoch from created_at) * 1000 as at from orders.stock_event where company_id = $1 and rule_id = $2 and kind = 'sensor' and stock >= $3 order by created_at`,
        [this.company, this.ruleId, sent[0].value],
      ));
      if (events.some((e) => Number(e.stock) >= last)) break;
      await sleep(250);
    }
    const ms = [];
    let missing = 0;
    for (const reading of sent) {
      const event = events.find((e) => Number(e.stock) >= reading.value);
      if (event) ms.push(Number(event.at) - reading.at);
      else missing++;
    }
    ms.sort((a, b) => a - b);
    const pct = (q) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? NaN;
    return { samples: ms.length, missing, events: events.length, p50: pct(0.5), p99: pct(0.99), max: ms[ms.length - 1] ?? NaN };
  }
}

function rssOf(processes) {
  return processes.map((p) => {
    try {
      const status = readFileSync(`/proc/${p.child.pid}/status`, 'utf8');
      return { name: p.key, peakMb: Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024, nowMb: Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024 };
    } catch {
      return { name: p.key, peakMb: NaN, nowMb: NaN };
    }
  });
}

/**
 * CPU seconds used since the last call, per kind of process on the machine: the ingest workers, the other services of
 * the run, PostgreSQL, nats-server, Mosquitto, this load generator, the rest; and the machine's idle share. Divided by
 * the readings a phase stored, it says where a reading's cost goes (load-independent, unlike readings/s on a shared
 * machine).
 */
class CpuMeter {
  constructor(ingestProcs, servicePids) {
    this.ingestProcs = ingestProcs;
    this.servicePids = servicePids;
    this.tick = 100;
    this.last = this.sample();
  }

  /** Every process's CPU seconds so far and its kind, and the machine's idle and total seconds. */
  sample() {
    const procs = new Map();
    const ingest = new Set(this.ingestProcs.map((p) => p.child.pid));
    const services = new Set(this.servicePids());
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      const n = Number(pid);
      const group = ingest.has(n) ? 'ingest' : n === process.pid ? 'bench' : services.has(n) ? 'services' : comm.startsWith('postgres') ? 'postgres' : comm.startsWith('nats-server') ? 'nats' : comm.startsWith('mosquitto') ? 'mosquitto' : 'other';
      procs.set(pid, { cpu: (Number(fields[11]) + Number(fields[12])) / this.tick, group });
    }
    const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    return { procs, idle: (machine[3] + machine[4]) / this.tick, all: machine.reduce((a, b) => a + b, 0) / this.tick };
  }

  /** CPU seconds per kind since the previous call (a process counts only when it existed at both samples). */
  delta() {
    const now = this.sample();
    const out = { ingest: 0, services: 0, postgres: 0, nats: 0, mosquitto: 0, bench: 0, other: 0 };
    for (const [pid, p] of now.procs) {
      const before = this.last.procs.get(pid);
      if (before) out[p.group] += p.cpu - before.cpu;
    }
    out.idleShare = (now.idle - this.last.idle) / Math.max(0.001, now.all - this.last.all);
    this.last = now;
    return out;
  }
}

/** psql's COPY FROM STDIN of the rows (tab separated); answers the milliseconds psql took. */
function psqlCopy(databaseUrl, table, text) {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const child = spawn('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `\\copy ${table} (company_id, sensor_id, read_at, value, raw_value, battery, signal, source) from stdin`], { stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - t) / 1e6) : reject(new Error(`psql exited ${code}`))));
    child.stdin.end(text);
  });
}

async function copyBaseline(db, databaseUrl, company, sensors) {
  await db.query('create schema bench_copy');
  await db.query(`create table bench_copy.reading (like ingest.reading including defaults, primary key (sensor_id, read_at))`);
  const source = new ReadingSource(sensors);
  const lines = [];
  const base = Date.now() - 3 * 3_600_000;
  for (let i = 0; i < COPY_ROWS; i++) {
    const r = source.reading();
    // the same rows as the ingestion stores: company, sensor, a time of its own (ms), value, raw value, no battery/signal
    lines.push(`${company}\t${r.sensor.id}\t${new Date(base + Math.floor(i / sensors.length)).toISOString()}\t${r.value}\t${r.value}\t\\N\t\\N\thttp`);
  }
  const text = `${lines.join('\n')}\n`;
  const times = [];
  for (let i = 0; i < 2; i++) {
    await db.query('truncate bench_copy.reading');
    await db.query('checkpoint');
    times.push(await psqlCopy(databaseUrl, 'bench_copy.reading', text));
  }
  const ms = Math.min(...times);
  await db.query('drop schema bench_copy cascade');
  return { rows: COPY_ROWS, ms, perSecond: COPY_ROWS / (ms / 1000), times };
}

/** The CPU a phase cost per stored reading, by process kind, in microseconds (and the machine's idle share). */
function cpuReport(cpu, storedReadings) {
  const per = (s) => fmt((s * 1e6) / Math.max(1, storedReadings), 1);
  const parts = ['ingest', 'services', 'postgres', 'nats', 'mosquitto', 'bench', 'other'].filter((g) => cpu[g] > 0.05).map((g) => `${g} ${per(cpu[g])}`);
  const total = ['ingest', 'services', 'postgres', 'nats', 'mosquitto'].reduce((a, g) => a + cpu[g], 0);
  console.log(`  CPU per stored reading (µs): ${parts.join(', ')}; the path (all but bench/other) ${per(total)}; machine idle ${fmt(cpu.idleShare * 100)} %`);
  return { pathUs: (total * 1e6) / Math.max(1, storedReadings) };
}

function report(label, phase, db, stock) {
  const seconds = (db.lastMs - phase.start) / 1000;
  const perSecond = db.n / seconds;
  const lost = phase.accepted - db.n;
  console.log(
    `${label}: published ${fmt(phase.published)} in ${fmt((phase.sentEnd - phase.start) / 1000, 1)} s (offered ${fmt(phase.published / ((phase.sentEnd - phase.start) / 1000))}/s), ` +
      `accepted ${fmt(phase.accepted)}${phase.refused ? `, refused ${fmt(phase.refused)}` : ''}${phase.failed ? `, failed ${fmt(phase.failed)}` : ''}${phase.deferred ? `, ${fmt(phase.deferred)} batches deferred (503, sent again)` : ''}; ` +
      `stored ${fmt(db.n)}${lost > 0 ? ` (LOST ${fmt(lost)})` : ''} by ${fmt(seconds, 1)} s: ${fmt(perSecond)} readings/s end to end; ` +
      `publish -> stored p50 ${fmt(db.p50)} ms, p99 ${fmt(db.p99)} ms, max ${fmt(db.max)} ms; ` +
      `${fmt(db.batches)} writer transactions of ${fmt(db.n / Math.max(1, db.batches))} readings on average` +
      (stock
        ? `; publish -> stock change (probe, ${stock.samples} readings every ${PROBE_MS} ms, ${stock.events} stock events${stock.missing ? `, ${stock.missing} without one` : ''}): p50 ${fmt(stock.p50)} ms, p99 ${fmt(stock.p99)} ms, max ${fmt(stock.max)} ms`
        : ''),
  );
  return { perSecond, p99: db.p99, lost, stored: db.n, stockP99: stock?.p99 ?? null, stockMissing: stock?.missing ?? 0 };
}

process.env.DB_POOL_MAX ??= '8';
const system = await testing.startDistributedSystem({ ingest: true });
const results = {};
const ingestProcs = [];
try {
  const handles = system.distributed;
  ingestProcs.push({ key: 'ingest', child: handles.processes.get('ingest').child });
  const token = (await must(system.api.post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': testing.TEST_API_KEYS.web }))).token;
  const company = (await must(system.api.get('/company', token)))[0].id;
  const sensors = [];
  for (let i = 0; i < SENSORS; i++) {
    const external_id = `bench-scale-${String(i).padStart(4, '0')}`;
    const sensor = await must(system.api.post(`/c/${company}/sensor`, { name: `Bench scale ${i}`, external_id, type: 'weight', unit: 'g' }, token));
    sensors.push({ id: sensor.id, external_id });
  }
  benchSensorIds = sensors.map((s) => s.id);
  const key = (await must(system.api.post(`/c/${company}/sensor/devicekey`, {}, token))).key;
  // the stock probe's rule and bin (as an admin would set them up)
  const customer = (await must(system.api.get(`/c/${company}/customer?q=K-10001`, token))).items[0].id;
  const location = (await must(system.api.post(`/c/${company}/customer/${customer}/location/`, { name: 'Bench hall' }, token))).id;
  const item = (await must(system.api.post(`/c/${company}/customer/${customer}/item`, { sku: 'BENCH-PROBE', name: 'Bench probe', order_unit: 'PCE' }, token))).id;
  const rule = (await must(system.api.post(`/c/${company}/rules`, { location_id: location, item_id: item, threshold: 0, capacity: 1_000_000, stock: 0 }, token))).id;
  const probeSensor = await must(system.api.post(`/c/${company}/sensor`, { name: 'Bench probe', external_id: 'bench-probe', type: 'weight', unit: 'g' }, token));
  const rack = (await must(system.api.post(`/c/${company}/customer/${customer}/location/${location}/storage/`, { name: 'Bench rack', rows: 1, columns: 1 }, token))).id;
  await must(
    system.api.call('PUT', `/c/${company}/customer/${customer}/location/${location}/storage/${rack}/bins/1/1`, {
      token,
      body: { kanban_rule_id: rule, sensor_id: probeSensor.id, measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 1 },
    }),
  );
  const db = new Client({ connectionString: handles.databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  console.log(`distributed run: ${SENSORS} weight sensors in company ${company}; ${SECONDS} s per phase; MQTT ${MQTT_URL} topics ${topicRoot}/${company}/sensors/+`);

  const copy = await copyBaseline(db, handles.databaseUrl, company, sensors);
  results.copy = copy;
  console.log(`raw COPY: ${fmt(copy.rows)} rows in ${fmt(copy.ms)} ms (best of ${copy.times.map((t) => fmt(t)).join(', ')}): ${fmt(copy.perSecond)} rows/s`);
  const source = new ReadingSource(sensors);
  const probe = new StockProbe(db, company, { id: probeSensor.id, external_id: 'bench-probe' }, rule);
  // warm up: the sensors' look-ups, the month's partition, the consumers
  await httpPhase({ urls: [system.ingestUrl], key, source, rate: 2000 }).then(async (p) => drained(db, company, p.start, p.maxAt, p.accepted));
  const cpu = new CpuMeter(ingestProcs, () => [...handles.processes.values()].map((p) => p.child.pid));

  for (const workers of WORKERS) {
    const urls = [system.ingestUrl];
    if (workers === 2) {
      const port = await testing.freePort();
      const second = await handles.start('ingest', { INGEST_PORT: String(port), HOST: '127.0.0.1' }, 'ingest2');
      await testing.eventually(async () => ((await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.status === 200 ? true : undefined), 60_000, 'the second ingest worker');
      ingestProcs.push({ key: 'ingest2', child: second.child });
      urls.push(`http://127.0.0.1:${port}`);
      // its sensor look-ups and MQTT subscription settle
      await sleep(2000);
    }
    if (PATHS.includes('http')) {
      cpu.delta();
      const sat = await httpPhase({ urls, key, source, rate: null });
      await drained(db, company, sat.start, sat.maxAt, sat.accepted);
      results[`http_${workers}`] = report(`HTTP batches, ${workers} worker(s), as fast as answered`, sat, await stored(db, company, sat.start, sat.maxAt));
      results[`http_${workers}`].cpu = cpuReport(cpu.delta(), results[`http_${workers}`].stored);
      const target = Math.round(copy.perSecond * TARGETS.httpToCopy);
      cpu.delta();
      const paced = await httpPhase({ urls, key, source, rate: target, probe });
      await drained(db, company, paced.start, paced.maxAt, paced.accepted);
      results[`http_paced_${workers}`] = report(`HTTP batches, ${workers} worker(s), paced at ${fmt(target)}/s (25 % of COPY)`, paced, await stored(db, company, paced.start, paced.maxAt), await probe.latency(paced.probes));
      cpuReport(cpu.delta(), results[`http_paced_${workers}`].stored);
    }
    if (PATHS.includes('mqtt')) {
      cpu.delta();
      const phase = await mqttPhase({ company, source, rate: MQTT_RATE, probe });
      await drained(db, company, phase.start, phase.maxAt, phase.accepted);
      results[`mqtt_${workers}`] = report(`MQTT single readings (QoS 1), ${workers} worker(s), paced at ${fmt(MQTT_RATE)}/s`, phase, await stored(db, company, phase.start, phase.maxAt), await probe.latency(phase.probes));
      results[`mqtt_${workers}`].cpu = cpuReport(cpu.delta(), results[`mqtt_${workers}`].stored);
    }
  }
  results.rss = rssOf(ingestProcs);
  console.log(`peak RSS of the ingest workers: ${results.rss.map((r) => `${r.name} ${fmt(r.peakMb)} MB (now ${fmt(r.nowMb)} MB)`).join(', ')}`);
  await db.end();
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  for (const p of ingestProcs) console.error(`--- ${p.key} log tail:\n${system.distributed.processes.get(p.key)?.output.join('').slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await system.close();
}

console.log('\nsummary:');
const line = (name, value, target, ok) => console.log(`  ${name} = ${value}${target ? ` (target ${target}: ${ok ? 'met' : 'NOT MET'})` : ''}`);
if (results.copy) line('raw_copy_rows_per_s', fmt(results.copy.perSecond));
for (const workers of WORKERS) {
  const http = results[`http_${workers}`];
  if (http && results.copy) {
    const ratio = http.perSecond / results.copy.perSecond;
    line(`http_batches_${workers}w_readings_per_s`, `${fmt(http.perSecond)} (${fmt(ratio * 100, 1)} % of COPY)`, `>= ${TARGETS.httpToCopy * 100} %`, ratio >= TARGETS.httpToCopy);
  }
  const paced = results[`http_paced_${workers}`];
  if (paced) {
    line(`http_batches_${workers}w_p99_publish_to_stored_ms (at 25 % of COPY)`, fmt(paced.p99));
    line(`http_batches_${workers}w_p99_publish_to_stock_change_ms (at 25 % of COPY)`, fmt(paced.stockP99), `< ${TARGETS.p99Ms}`, paced.stockP99 < TARGETS.p99Ms && paced.lost <= 0 && !paced.stockMissing);
  }
  const m = results[`mqtt_${workers}`];
  if (m) {
    line(`mqtt_single_${workers}w_readings_per_s`, `${fmt(m.perSecond)}${m.lost > 0 ? ` (${fmt(m.lost)} lost)` : ''}`, `>= ${fmt(TARGETS.mqttPerSecond)}`, m.perSecond >= TARGETS.mqttPerSecond * 0.98 && m.lost <= 0);
    line(`mqtt_single_${workers}w_p99_publish_to_stored_ms`, fmt(m.p99));
    line(`mqtt_single_${workers}w_p99_publish_to_stock_change_ms`, fmt(m.stockP99), `< ${TARGETS.p99Ms}`, m.stockP99 < TARGETS.p99Ms && !m.stockMissing);
  }
}
for (const r of results.rss ?? []) line(`peak_rss_${r.name}_mb`, fmt(r.peakMb));
