// `npm run bench:notify`: how fast the notifications service delivers (issue 18; docs/notifications.md "Delivery",
// "Benchmark"). Targets on this machine: at least 200 mails/s and 100 files/s.
//
//  1. starts the distributed run (own database on the machine's PostgreSQL, own nats-server: libs/testing) and, on
//     loopback, the test servers of libs/testing/src/delivery-servers.ts: an SMTP server (the smtp-server package,
//     with a login) and Debian's OpenSSH SFTP server (its own sshd, config, user and key);
//  2. makes, through the API as an admin would, both servers, an e-mail template, a file template (ISO-8859-1, CRLF)
//     and two rules of the demo supplier L-100 (an e-mail with the order file attached, and the file over SFTP), and one
//     order of that supplier;
//  3. per channel: with the notifications process running without its worker (DELIVERY_WORKER=false), plans
//     BENCH_MAILS (2,000) mail deliveries, then BENCH_FILES (1,000) file deliveries, by triggering the rule one call
//     after the other (each trigger plans one delivery with a new version: its own key, its own rendering); then starts the notifications
//     process with its worker and waits until every planned delivery is recorded sent. Deliveries/s = deliveries /
//     (the last one's sent_at - the first attempt), from the delivery table; every one is then checked at the server
//     (a mail per Message-ID, a file per name) and the orders service's history (one "sent" event per delivery).
//  4. CPU time per delivery (the rates are noisy on a shared machine): of the notifications process, the orders
//     process and the run's PostgreSQL backends (from /proc: user + system time), from the worker's start until the
//     last history event is written (the notifications process's start-up, ~1 s, is left out: sampled once ready).
// Options (environment): BENCH_MAILS, BENCH_FILES, DELIVERY_MAIL_CONNECTIONS, DELIVERY_BATCH (passed on);
// SERVICE_NODE_ARGS (libs/testing) e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for CPU profiles of the services.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const testing = require('../dist/libs/testing/src/index.js');
const { Client } = require('pg');

const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
const FILES = Number(process.env.BENCH_FILES ?? 1000);
const TARGETS = { mail: 200, file: 100 };
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time (user + system, ms) of a process so far, from /proc (clock ticks of 10 ms); 0 when it is gone. */
const cpuMs = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

async function must(answer) {
  const a = await answer;
  if (a.body?.Meta?.code !== 200) throw new Error(`API: ${a.status} ${JSON.stringify(a.body?.Meta)}`);
  return a.body.Data;
}

const smtpUser = 'orders@bench.example';
const smtpPassword = 'bench-secret';
const [smtp, sftp] = await Promise.all([testing.startSmtpServer({ auth: { user: smtpUser, password: smtpPassword } }), testing.startSftpServer()]);
const system = await testing.startDistributedSystem();
const handles = system.distributed;
const db = new Client({ connectionString: handles.databaseUrl });
db.on('error', () => undefined);
const results = {};
try {
  await db.connect();
  const notificationsEnv = (worker) => ({
    DELIVERY_WORKER: String(worker),
    DELIVERY_POLL_MS: '200',
    ...(process.env.DELIVERY_MAIL_CONNECTIONS ? { DELIVERY_MAIL_CONNECTIONS: process.env.DELIVERY_MAIL_CONNECTIONS } : {}),
    ...(process.env.DELIVERY_BATCH ? { DELIVERY_BATCH: process.env.DELIVERY_BATCH } : {}),
  });
  const restartNotifications = async (worker) => {
    await handles.kill('notifications', 'SIGTERM');
    await handles.start('notifications', notificationsEnv(worker));
    // the gateway's readiness waits for every service, the restarted one included
    await testing.eventually(async () => ((await fetch(`${system.url}/api/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined), 60_000, 'the notifications service');
  };
  await restartNotifications(false);

  const token = (await must(system.api.post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': testing.TEST_API_KEYS.web }))).token;
  const company = (await must(system.api.get('/company', token)))[0].id;
  const c = `/c/${company}`;
  const customer = (await must(system.api.get(`${c}/customer?all=1&per_page=200`, token))).items.find((x) => x.nr === 'K-10001').id;
  const supplier = (await must(system.api.get(`${c}/supplier?all=1&per_page=200`, token))).items.find((x) => x.nr === 'L-100').id;
  const catalog = (await must(system.api.get(`${c}/supplier/${supplier}/catalog`, token))).items[0].id;
  const location = (await must(system.api.post(`${c}/customer/${customer}/location/`, { name: 'Bench Versand' }, token))).id;
  const smtpServer = (await must(system.api.post(`${c}/server`, { name: 'Bench SMTP', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: smtpUser, password: smtpPassword }, token))).id;
  const sftpServer = (await must(system.api.post(`${c}/server`, { name: 'Bench SFTP', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, private_key: sftp.privateKey }, token))).id;
  const mailTemplate = (await must(system.api.post(`${c}/emailtemplates`, { name: 'Bench Bestellung', header: 'Bestellung {{order.id}} für {{customer.name}}', body: 'Hallo {{supplier.name}},\n{{#each lines}}{{pos}}. {{sku}} {{name}} {{quantity}} {{unit}}\n{{/each}}' }, token))).id;
  const fileTemplate = (await must(system.api.post(`${c}/filetemplates`, { name: 'Bench Datei', header: 'Bestellung;{{order.id}};Größe', body: '{{line.pos}};{{line.sku}};{{line.quantity}};{{location.name}}', encoding: 'ISO-8859-1', linebreak: 'CRLF' }, token))).id;
  const rules = `${c}/supplier/${supplier}/notificationrule`;
  const mailRule = (
    await must(
      system.api.post(
        rules,
        { name: 'Bench Mail', type: 'E', event: 'order_created', active: false, email_from: smtpUser, email_template_id: mailTemplate, attachment_template_id: fileTemplate, attachment_name: 'bestellung_{{order.id}}.csv', server_id: smtpServer, recipients: [{ kind: 'email', email: 'verkauf@lieferant.example' }] },
        token,
      ),
    )
  ).id;
  const fileRule = (await must(system.api.post(rules, { name: 'Bench SFTP', type: 'F', event: 'order_created', active: false, attachment_template_id: fileTemplate, attachment_name: 'bestellung_{{order.id}}.csv', server_id: sftpServer, path: '' }, token))).id;
  // an order of the supplier for the rules to run on, one per phase (inactive rules plan nothing on their own; a
  // trigger runs them on the supplier's latest order; its history grows by a few events per delivery)
  let orders = 0;
  const newOrder = async () => {
    const item = await must(system.api.post(`${c}/customer/${customer}/item`, { sku: `BENCH-${++orders}`, name: 'Bench Schraube M8', order_unit: 'PAK', catalog_id: catalog }, token));
    const rule = await must(system.api.post(`${c}/rules`, { location_id: location, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, token));
    return (await must(system.api.post(`${c}/rules/${rule.id}/stock`, { stock: 1 }, token))).decision.order_id;
  };
  console.log(`distributed run: company ${company}, supplier L-100; SMTP ${smtp.host}:${smtp.port} (login), SFTP ${sftp.host}:${sftp.port} (OpenSSH, key)`);

  for (const [channel, ruleId, count] of [
    ['mail', mailRule, MAILS],
    ['file', fileRule, FILES],
  ]) {
    if (count <= 0) continue;
    const orderId = await newOrder();
    // plan: triggers side by side (each a new version), the worker off
    const planStart = Date.now();
    // one after the other: triggers at the same moment may take the same version, and the key then plans it once
    for (let i = 0; i < count; i++) await must(system.api.get(`${rules}/${ruleId}/trigger`, token));
    const planned = Number((await db.query('select count(*) as n from notifications.delivery where rule_id = $1 and status = $2', [ruleId, 'pending'])).rows[0].n);
    console.log(`${channel}: ${fmt(planned)} deliveries planned in ${fmt(Date.now() - planStart)} ms (rendered when planned)`);
    if (planned !== count) throw new Error(`${channel}: ${planned} planned, expected ${count}`);

    await restartNotifications(true);
    // CPU so far of the processes that do the work; the run's PostgreSQL backends (their process titles name the
    // database) sampled every 200 ms, so one that ends in between counts up to its last sample
    const pids = { notifications: handles.processes.get('notifications').child.pid, orders: handles.processes.get('orders').child.pid };
    const database = new URL(handles.databaseUrl).pathname.slice(1);
    const backends = new Map();
    const sampleBackends = (first) => {
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        let title;
        try {
          title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          continue;
        }
        if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
        const now = cpuMs(pid);
        const seen = backends.get(pid);
        if (seen) seen.last = Math.max(seen.last, now);
        else backends.set(pid, { first: first ? now : 0, last: now });
      }
    };
    sampleBackends(true);
    const sampler = setInterval(() => sampleBackends(false), 200);
    const cpuBefore = { notifications: cpuMs(pids.notifications), orders: cpuMs(pids.orders) };
    await testing.eventually(
      async () => {
        const row = (await db.query(`select count(*) filter (where status = 'sent') as sent, count(*) filter (where status = 'failed') as failed from notifications.delivery where rule_id = $1`, [ruleId])).rows[0];
        if (Number(row.failed) > 0) throw new Error(`${channel}: ${row.failed} deliveries failed`);
        return Number(row.sent) === count ? true : undefined;
      },
      600_000,
      `every ${channel} delivery sent`,
    );
    const window = (await db.query('select min(first_attempt_at) as first, max(sent_at) as last, max(attempts) as attempts from notifications.delivery where rule_id = $1', [ruleId])).rows[0];
    const seconds = (window.last.getTime() - window.first.getTime()) / 1000;
    const perSecond = count / seconds;
    // at the servers: each delivery once
    const keys = (await db.query('select key from notifications.delivery where rule_id = $1', [ruleId])).rows.map((r) => r.key);
    let arrived;
    if (channel === 'mail') arrived = keys.filter((key) => smtp.byMessageId(`<${key}@kanban.local>`).length === 1).length;
    else {
      const names = readdirSync(sftp.localPath('/upload'));
      arrived = keys.filter((key) => names.filter((n) => n.includes(`.${key}.`) && !n.startsWith('.')).length === 1).length;
    }
    // the orders service's history: one "sent" event per delivery (it follows the outbox)
    const historyCode = 'notification_sent';
    const recorded = await testing
      .eventually(
        async () => {
          const n = Number((await db.query(`select count(*) as n from orders.purchase_order_event where order_id = $1 and code = $2 and params->>'rule_id' = $3`, [orderId, historyCode, String(ruleId)])).rows[0].n);
          return n >= count ? n : undefined;
        },
        120_000,
        'the history events',
      )
      .catch(() => -1);
    sampleBackends(false);
    clearInterval(sampler);
    const cpu = {
      notifications: cpuMs(pids.notifications) - cpuBefore.notifications,
      orders: cpuMs(pids.orders) - cpuBefore.orders,
      postgres: [...backends.values()].reduce((sum, b) => sum + b.last - b.first, 0),
    };
    const perDelivery = (ms) => (ms / count).toFixed(2);
    console.log(
      `${channel}: CPU per delivery (ms): notifications ${perDelivery(cpu.notifications)}, orders ${perDelivery(cpu.orders)}, PostgreSQL ${perDelivery(cpu.postgres)}, ` +
        `together ${perDelivery(cpu.notifications + cpu.orders + cpu.postgres)}`,
    );
    results[channel] = { count, seconds, perSecond, maxAttempts: Number(window.attempts), arrived, recorded, cpu };
    console.log(
      `${channel}: ${fmt(count)} delivered in ${seconds.toFixed(2)} s: ${fmt(perSecond)} ${channel}s/s; at the server ${fmt(arrived)} exactly once; ` +
        `attempts per delivery at most ${window.attempts}; history "sent" events ${recorded < 0 ? 'not all within 2 min' : fmt(recorded)}`,
    );
    await restartNotifications(false);
  }

  console.log('\nsummary:');
  for (const [channel, r] of Object.entries(results)) {
    const met = r.perSecond >= TARGETS[channel] && r.arrived === r.count;
    const cpuPer = (r.cpu.notifications + r.cpu.orders + r.cpu.postgres) / r.count;
    console.log(
      `  ${channel}s_per_s = ${fmt(r.perSecond)} (target >= ${TARGETS[channel]}: ${met ? 'met' : 'NOT MET'}); each once at the server: ${r.arrived === r.count ? 'yes' : `no (${r.arrived} of ${r.count})`}; ` +
        `CPU ms per ${channel}: ${cpuPer.toFixed(2)}`,
    );
  }
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await db.end().catch(() => undefined);
  await system.close();
  await Promise.all([smtp.stop(), sftp.stop()]);
  await sleep(100);
}
