import { CatalogBroadcasts } from './catalog-cache';

/**
 * Who may do what on NATS: the one table the NATS server's users and permissions are generated from
 * (`natsServerConfig`, written by `tools/scripts/nats-config.mjs` and the distributed test harness).
 *
 * Request subjects are named `<service>.…` after the service that serves them (`identity.auth.authenticate`,
 * `catalog.customer.list`, …; `libs/contracts`), durable events `evt.<service>.…` after the service that
 * publishes them, into the JetStream stream `<prefix>EVT_<service>`. A service therefore
 *   - subscribes to `<prefix><service>.>` (the requests it serves) and answers only the requests it received
 *     (`allow_responses`), and to its own reply inbox `_INBOX_<service>.>` (NatsBus sets the inbox prefix);
 *   - publishes requests only to the services it `calls`;
 *   - publishes events only to `<prefix>evt.<service>.>`;
 *   - manages its own event stream and the streams it `consumes` (info, create, update; never delete or purge),
 *     their consumers, and acknowledges their messages;
 *   - publishes and subscribes the broadcast subjects listed (read cache notices).
 * The gateway serves nothing and owns the blob bucket of the NATS object store (`BLOB_STORE=nats`).
 * Every user may use the bucket of spilled replies (`busReplyBucket`): a service puts a reply too large for one NATS
 * message there, its caller reads and deletes it (libs/messaging reply-spill.ts).
 */
export const BUS_SERVICES = ['gateway', 'identity', 'catalog', 'orders', 'supply', 'ingest', 'notifications'] as const;
export type BusService = (typeof BUS_SERVICES)[number];
type Served = Exclude<BusService, 'gateway'>;

export interface BusAccess {
  /** services whose request subjects it calls */
  calls: readonly Served[];
  /** services whose event streams it consumes (its own included when it consumes its own events) */
  consumes: readonly Served[];
  broadcasts: { publish: readonly string[]; subscribe: readonly string[] };
  /** owns the JetStream object store bucket of the blobs */
  blobs?: boolean;
  /**
   * owns a work stream `<prefix>RAW_<service>` (subjects `<prefix>raw.<service>.>`): publishes into it and consumes it
   * (the ingestion: readings from its receivers to its writers)
   */
  work?: boolean;
}

export const BUS_ACCESS: Record<BusService, BusAccess> = {
  gateway: {
    calls: ['identity', 'catalog', 'orders', 'supply', 'ingest', 'notifications'],
    consumes: [],
    broadcasts: { publish: [], subscribe: [CatalogBroadcasts.changed] },
    blobs: true,
  },
  // identity consumes its own evt.identity.mail_requested and the catalog's supplier deletions (their API clients are revoked)
  identity: { calls: [], consumes: ['identity', 'catalog'], broadcasts: { publish: [], subscribe: [] } },
  // catalog asks orders which rules use an item; consumes restrictions, backorders, the sensors' readings and the
  // notification rules' changes (contact_rule_recipient)
  catalog: {
    calls: ['orders'],
    consumes: ['identity', 'orders', 'ingest', 'notifications'],
    broadcasts: { publish: [CatalogBroadcasts.changed], subscribe: [CatalogBroadcasts.changed] },
  },
  // orders asks the catalog for snapshots and identity for the companies' time zones; it consumes every service's
  // evt.<service>.dead_letter (journal entries), its own included, and asks the service that keeps a dead letter to
  // retry or discard it (<service>.dead_letters.*; its own without the bus)
  orders: {
    calls: ['identity', 'catalog', 'supply', 'ingest', 'notifications'],
    consumes: ['identity', 'catalog', 'supply', 'orders', 'ingest', 'notifications'],
    broadcasts: { publish: [], subscribe: [] },
  },
  supply: { calls: ['catalog'], consumes: ['identity', 'catalog', 'orders'], broadcasts: { publish: [], subscribe: [] } },
  // the sensor ingestion asks the catalog for device keys and sensors; its readings pass its own work stream
  ingest: { calls: ['catalog'], consumes: [], broadcasts: { publish: [], subscribe: [] }, work: true },
  // notifications asks identity, the catalog and orders for an order with everything around it (template execute,
  // delivery); it consumes orders' and supplies' events (the delivery's planner) and the catalog's deletions of
  // contacts, customers, locations and suppliers (the rules' recipients and owners)
  notifications: { calls: ['identity', 'catalog', 'orders'], consumes: ['orders', 'supply', 'catalog'], broadcasts: { publish: [], subscribe: [] } },
};

/** The reply inbox prefix of a service's connection (its own, so no other service can read its replies). */
export function busInboxPrefix(service: string): string {
  return `_INBOX_${service}`;
}

function safe(prefix: string): string {
  return prefix.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The NATS object store bucket of the replies too large for one message (over the server's max_payload): the bus
 * prefix made bucket-safe in front of `bus_replies`, so environments sharing a server never see each other's.
 */
export function busReplyBucket(prefix: string): string {
  return `${safe(prefix)}bus_replies`;
}

/**
 * The reply bucket's rights, narrower than a bucket owner's (every service has them): create and look up its stream,
 * put, read, delete an object (a purge of its chunks); no stream update, delete or consumer listing.
 */
function replyBucketRights(bucket: string): string[] {
  const name = `OBJ_${bucket}`;
  return [
    '$JS.API.STREAM.NAMES',
    `$JS.API.STREAM.INFO.${name}`,
    `$JS.API.STREAM.CREATE.${name}`,
    `$JS.API.STREAM.PURGE.${name}`,
    `$JS.API.STREAM.MSG.GET.${name}`,
    `$JS.API.DIRECT.GET.${name}`,
    `$JS.API.DIRECT.GET.${name}.>`,
    // the get's ordered consumer (ephemeral), and its reset
    `$JS.API.CONSUMER.CREATE.${name}`,
    `$JS.API.CONSUMER.CREATE.${name}.>`,
    `$JS.API.CONSUMER.INFO.${name}.*`,
    `$JS.API.CONSUMER.DELETE.${name}.*`,
    `$JS.FC.${name}.>`,
    `$O.${bucket}.>`,
  ];
}

/** What using an object store bucket takes: create and look up its stream, put, get (ordered consumer), delete (purge). */
function objectStoreRights(bucket: string): string[] {
  const name = `OBJ_${bucket}`;
  return [
    // the object store's get looks its stream up by subject (a list of names, nothing else)
    '$JS.API.STREAM.NAMES',
    `$JS.API.STREAM.*.${name}`,
    `$JS.API.STREAM.MSG.*.${name}`,
    `$JS.API.DIRECT.GET.${name}`,
    `$JS.API.DIRECT.GET.${name}.>`,
    `$JS.API.CONSUMER.*.${name}`,
    `$JS.API.CONSUMER.*.${name}.>`,
    `$JS.FC.${name}.>`,
    `$O.${bucket}.>`,
  ];
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/** The NATS permissions of one service under a bus prefix (`BUS_PREFIX`) and blob bucket name (`BLOB_BUCKET`). */
export function natsPermissions(service: BusService, prefix = '', blobBucket = 'blobs'): NatsPermissions {
  const access = BUS_ACCESS[service];
  const stream = (owner: string) => `${safe(prefix)}EVT_${owner}`;
  const publish = new Set<string>(['$JS.API.INFO']);
  const subscribe = new Set<string>([`${busInboxPrefix(service)}.>`]);
  for (const callee of access.calls) publish.add(`${prefix}${callee}.>`);
  if (service !== 'gateway') {
    subscribe.add(`${prefix}${service}.>`);
    publish.add(`${prefix}evt.${service}.>`);
  }
  const streams = new Set<string>(service === 'gateway' ? [] : [stream(service)]);
  for (const owner of access.consumes) streams.add(stream(owner));
  for (const name of streams) {
    for (const verb of ['INFO', 'CREATE', 'UPDATE']) publish.add(`$JS.API.STREAM.${verb}.${name}`);
  }
  for (const owner of access.consumes) {
    const name = stream(owner);
    publish.add(`$JS.API.CONSUMER.INFO.${name}.*`);
    publish.add(`$JS.API.CONSUMER.CREATE.${name}.>`);
    publish.add(`$JS.API.CONSUMER.DURABLE.CREATE.${name}.*`);
    publish.add(`$JS.API.CONSUMER.MSG.NEXT.${name}.*`);
    publish.add(`$JS.ACK.${name}.>`);
  }
  if (access.work) {
    const name = `${safe(prefix)}RAW_${service}`;
    publish.add(`${prefix}raw.${service}.>`);
    for (const verb of ['INFO', 'CREATE', 'UPDATE']) publish.add(`$JS.API.STREAM.${verb}.${name}`);
    publish.add(`$JS.API.CONSUMER.INFO.${name}.*`);
    publish.add(`$JS.API.CONSUMER.CREATE.${name}.>`);
    publish.add(`$JS.API.CONSUMER.DURABLE.CREATE.${name}.*`);
    publish.add(`$JS.API.CONSUMER.MSG.NEXT.${name}.*`);
    publish.add(`$JS.ACK.${name}.>`);
  }
  for (const subject of access.broadcasts.publish) publish.add(prefix + subject);
  for (const subject of access.broadcasts.subscribe) subscribe.add(prefix + subject);
  if (access.blobs) for (const subject of objectStoreRights(`${safe(prefix)}${blobBucket}`)) publish.add(subject);
  // every service answers or calls requests, and so puts or reads (and deletes) spilled replies
  for (const subject of replyBucketRights(busReplyBucket(prefix))) publish.add(subject);
  return { publish: [...publish], subscribe: [...subscribe] };
}

export interface NatsServerConfigOptions {
  /** `BUS_PREFIX` of the environment */
  prefix?: string;
  /** `BLOB_BUCKET` of the gateway (default `blobs`) */
  blobBucket?: string;
  /**
   * Password of each service's user (user name = service name): a literal, or `{ env: 'NAME' }` to have the
   * server read it from its environment (`$NAME` in the configuration).
   */
  passwords: Record<BusService, string | { env: string }>;
  /** a user with every right (operators, the test harness); left out when not given */
  admin?: { user: string; password: string | { env: string } };
  /** `listen` line, e.g. `127.0.0.1:4222`; left out when not given */
  listen?: string;
  /** JetStream store directory; `jetstream: enabled` without it */
  storeDir?: string;
}

const quote = (value: string) => JSON.stringify(value);
const secret = (value: string | { env: string }) => (typeof value === 'string' ? quote(value) : `$${value.env}`);
const list = (values: readonly string[]) => `[${values.map(quote).join(', ')}]`;

/**
 * A nats-server configuration (its own syntax; JSON-style strings are valid in it): JetStream, one account `KANBAN`
 * holding a user per service with the permissions of `natsPermissions`, and optionally an admin user. A connection
 * without credentials is refused (no `no_auth_user`).
 */
export function natsServerConfig(options: NatsServerConfigOptions): string {
  const lines: string[] = ['# Generated from BUS_ACCESS (libs/contracts/src/bus-access.ts); do not edit by hand.'];
  if (options.listen) lines.push(`listen: ${quote(options.listen)}`);
  lines.push(options.storeDir ? `jetstream: { store_dir: ${quote(options.storeDir)} }` : 'jetstream: enabled');
  lines.push('accounts: {', '  KANBAN: {', '    jetstream: enabled', '    users: [');
  for (const service of BUS_SERVICES) {
    const permissions = natsPermissions(service, options.prefix ?? '', options.blobBucket ?? 'blobs');
    lines.push(
      `      { user: ${quote(service)}, password: ${secret(options.passwords[service])}, permissions: {`,
      `          publish: { allow: ${list(permissions.publish)} }`,
      `          subscribe: { allow: ${list(permissions.subscribe)} }`,
      ...(service === 'gateway' ? [] : ['          allow_responses: true']),
      '      } }',
    );
  }
  if (options.admin) lines.push(`      { user: ${quote(options.admin.user)}, password: ${secret(options.admin.password)} }`);
  lines.push('    ]', '  }', '}');
  return `${lines.join('\n')}\n`;
}
