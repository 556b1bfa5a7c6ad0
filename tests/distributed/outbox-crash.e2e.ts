import { randomUUID } from 'node:crypto';
import { type NatsConnection } from 'nats';
import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { startSystem, type TestSystem, waitReady } from '../support/system';

jest.setTimeout(180_000);

/**
 * A service killed between committing a change and publishing its event publishes it after restart, once;
 * and a publish repeated after a crash (published, not yet marked) is dropped by JetStream's dedup on the
 * outbox id, so consumers see it once.
 */
describe('outbox crash recovery (distributed)', () => {
  let system: TestSystem;
  let db: Client;
  let nc: NatsConnection;

  beforeAll(async () => {
    system = await startSystem('distributed');
    db = new Client({ connectionString: system.distributed!.databaseUrl });
    await db.connect();
    nc = await system.distributed!.nats.connect();
  });

  afterAll(async () => {
    await nc?.close();
    await db?.end();
    await system?.close();
  });

  const d = () => system.distributed!;
  const streamName = () => `${d().prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_identity`;

  async function messagesWithId(id: string): Promise<number> {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(streamName());
    let count = 0;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const message = await jsm.streams.getMessage(streamName(), { seq }).catch(() => null);
      if (message?.header?.get('Nats-Msg-Id') === id) count++;
    }
    return count;
  }

  async function restartIdentity(extraEnv: Record<string, string> = {}): Promise<void> {
    await d().kill('identity', 'SIGKILL');
    await d().start('identity', extraEnv);
    await waitReady(system.api, d().processes);
  }

  const mailsTo = async (address: string) => (await system.mails()).filter((m) => m.to.includes(address) && /Reset/.test(m.subject));

  it('publishes an event committed before a crash after the restart, exactly once', async () => {
    // Relay only at start and every 10 minutes: the event stays in the outbox after its commit.
    await restartIdentity({ OUTBOX_RELAY_IMMEDIATE: 'false', OUTBOX_RELAY_INTERVAL_MS: '600000' });
    expect((await system.api.post('/resetpass', { Email: 'writer@demo.example' })).body.Meta.code).toBe(200);

    const row = await db.query<{ id: string; published_at: Date | null }>(
      `select id, published_at from identity.outbox where subject = 'evt.identity.mail_requested' and payload->'data'->>'to' = 'writer@demo.example'`,
    );
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]!.published_at).toBeNull();
    const eventId = row.rows[0]!.id;
    expect(await messagesWithId(eventId)).toBe(0);

    // Killed between commit and publish.
    await d().kill('identity', 'SIGKILL');
    expect(await messagesWithId(eventId)).toBe(0);
    expect(await mailsTo('writer@demo.example')).toHaveLength(0);

    await d().start('identity');
    await waitReady(system.api, d().processes);
    await eventually(async () => ((await mailsTo('writer@demo.example')).length === 1 ? true : undefined), 20_000, 'the reset mail');
    const published = await db.query<{ published_at: Date | null }>('select published_at from identity.outbox where id = $1', [eventId]);
    expect(published.rows[0]!.published_at).not.toBeNull();
    expect(await messagesWithId(eventId)).toBe(1);

    // Died after publishing, before marking: the relay publishes again with the same id.
    await d().kill('identity', 'SIGKILL');
    await db.query('update identity.outbox set published_at = null, claimed_until = null where id = $1', [eventId]);
    await d().start('identity');
    await waitReady(system.api, d().processes);
    await eventually(async () => {
      const r = await db.query<{ published_at: Date | null }>('select published_at from identity.outbox where id = $1', [eventId]);
      return r.rows[0]!.published_at ? true : undefined;
    }, 20_000, 'the second publish');
    expect(await messagesWithId(eventId)).toBe(1);
    // Give a would-be duplicate delivery time to arrive, then check the mail went out once.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsTo('writer@demo.example')).toHaveLength(1);
    const inbox = await db.query('select 1 from identity.inbox where event_id = $1', [eventId]);
    expect(inbox.rows).toHaveLength(1);
  });

  it('purges at start: published events past OUTBOX_RETENTION_HOURS, inbox entries past EVENT_RETENTION_HOURS and a day; the stream keeps events that long', async () => {
    const ids = { old: randomUUID(), recent: randomUUID(), unpublished: randomUUID() };
    const insert = (id: string, publishedHoursAgo: number | null, claimedFor = '0') =>
      db.query(
        `insert into identity.outbox (id, subject, payload, created_at, published_at, claimed_until, attempts)
         values ($1, 'evt.identity.test_purge', '{}', now() - interval '300 hours',
                 case when $2::int is null then null else now() - $2::int * interval '1 hour' end,
                 case when $3 = '0' then null else now() + $3::interval end, 1)`,
        [id, publishedHoursAgo, claimedFor],
      );
    await insert(ids.old, 200);
    await insert(ids.recent, 100);
    // claimed far ahead: no relay publishes it during the test, and its age must not get it deleted
    await insert(ids.unpublished, null, '1 day');
    const inbox = { old: randomUUID(), recent: randomUUID() };
    const remember = (id: string, hoursAgo: number) =>
      db.query(`insert into identity.inbox (consumer, event_id, processed_at) values ('purge-test', $1, now() - $2::int * interval '1 hour')`, [id, hoursAgo]);
    await remember(inbox.old, 250);
    await remember(inbox.recent, 200);
    const left = async () =>
      (await db.query<{ id: string }>('select id from identity.outbox where id = any($1)', [Object.values(ids)])).rows.map((r) => r.id).sort();
    const remembered = async () =>
      (await db.query<{ event_id: string }>(`select event_id from identity.inbox where consumer = 'purge-test'`)).rows.map((r) => r.event_id);
    expect(await left()).toHaveLength(3);
    // a relay purges after its first drain, then hourly: restart with 150 hours for the outbox, 200 for the events
    await restartIdentity({ OUTBOX_RETENTION_HOURS: '150', EVENT_RETENTION_HOURS: '200' });
    await eventually(async () => ((await left()).length === 2 ? true : undefined), 20_000, 'the purge of the old published event');
    expect(await left()).toEqual([ids.recent, ids.unpublished].sort());
    // the inbox keeps 200 + 24 hours: the entry of 250 hours ago goes, the one of 200 stays
    await eventually(async () => ((await remembered()).length === 1 ? true : undefined), 20_000, 'the purge of the old inbox entry');
    expect(await remembered()).toEqual([inbox.recent]);
    // the identity stream was changed to keep events 200 hours
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info(streamName())).config.max_age).toBe(200 * 3600 * 1e9);
    await db.query('delete from identity.outbox where id = any($1)', [Object.values(ids)]);
    await db.query(`delete from identity.inbox where consumer = 'purge-test'`);
  });
});
