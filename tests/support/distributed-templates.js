// Global setup and teardown of the e2e-distributed project (jest.config.js): a run id for the template databases
// the run's systems copy (libs/testing/src/distributed.ts, copyOfTemplate), and their removal at the end. Templates of
// runs whose jest process is gone (killed before its teardown) are removed at the next start.
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

const ENV = 'E2E_TEMPLATE_RUN';
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin(work) {
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function drop(admin, names) {
  for (const name of names) await admin.query(`drop database if exists "${name}" with (force)`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function setup() {
  process.env[ENV] = `${process.pid}_${randomBytes(3).toString('hex')}`;
  // kanban_tpl_<pid>_<hex>_<epoch>: the templates of finished runs whose teardown did not happen
  await withAdmin(async (admin) => {
    const { rows } = await admin.query("select datname from pg_database where starts_with(datname, 'kanban_tpl_')");
    await drop(
      admin,
      rows.map((r) => r.datname).filter((name) => !alive(Number(name.split('_')[2]))),
    );
  });
}

async function teardown() {
  const run = process.env[ENV];
  if (!run) return;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query('select datname from pg_database where starts_with(datname, $1)', [`kanban_tpl_${run}_`]);
    await drop(admin, rows.map((r) => r.datname));
  });
}

module.exports = { setup, teardown };
