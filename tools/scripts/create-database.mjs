// Creates the database named in DATABASE_URL if it does not exist (connecting to the server's "postgres" database).
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL);
const name = decodeURIComponent(url.pathname.slice(1));
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
if (exists.rowCount === 0) {
  await client.query(`create database "${name.replace(/"/g, '""')}"`);
  console.log(`database ${name} created`);
}
await client.end();
