import * as contracts from './index';
import { BUS_ACCESS, BUS_SERVICES, busReplyBucket, natsPermissions, natsServerConfig } from './bus-access';

/** Every subject of libs/contracts fits the permission model of BUS_ACCESS: a request subject starts with the
 * service serving it, an event subject is evt.<service>.…, so `<service>.>` and `evt.<service>.>` cover them. */
describe('BUS_ACCESS', () => {
  const tables = Object.entries(contracts).filter(([name, value]) => /(Subjects|Events)$/.test(name) && value && typeof value === 'object');
  const subjects = tables.flatMap(([name, table]) => Object.values(table as Record<string, unknown>).filter((v): v is string => typeof v === 'string').map((subject) => ({ name, subject })));

  it('finds the subject tables', () => {
    expect(tables.length).toBeGreaterThan(10);
    expect(subjects.length).toBeGreaterThan(100);
  });

  it('names every request subject after a service that serves requests, every event after its producer', () => {
    const served = BUS_SERVICES.filter((s) => s !== 'gateway') as string[];
    for (const { name, subject } of subjects) {
      const event = /^evt\.([a-z]+)\./.exec(subject);
      const owner = event ? event[1]! : subject.split('.')[0]!;
      expect([name, subject, served.includes(owner)]).toEqual([name, subject, true]);
    }
  });

  it('lets a service call, consume and serve only what its row says', () => {
    const catalog = natsPermissions('catalog', 'p.');
    expect(catalog.subscribe).toEqual(expect.arrayContaining(['_INBOX_catalog.>', 'p.catalog.>']));
    expect(catalog.subscribe.some((s) => s.startsWith('p.identity') || s === '_INBOX.>' || s === '>')).toBe(false);
    expect(catalog.publish).toContain('p.orders.>');
    expect(catalog.publish).not.toContain('p.identity.>');
    expect(catalog.publish).toContain('p.evt.catalog.>');
    expect(catalog.publish.some((s) => s.startsWith('p.evt.') && s !== 'p.evt.catalog.>')).toBe(false);
    expect(catalog.publish.some((s) => s.includes('EVT_') && /DELETE|PURGE/.test(s))).toBe(false);
    for (const service of BUS_SERVICES) {
      const rights = natsPermissions(service, '');
      for (const callee of BUS_ACCESS[service].calls) expect(rights.publish).toContain(`${callee}.>`);
      expect(rights.publish.some((s) => s.includes('OBJ_blobs'))).toBe(service === 'gateway');
      expect(rights.publish.some((s) => s.includes('RAW_'))).toBe(service === 'ingest');
    }
  });

  it('lets every service put, read and delete spilled replies in the reply bucket of its prefix, and no other', () => {
    expect(busReplyBucket('e2e_1_ab.')).toBe('e2e_1_ab_bus_replies');
    for (const service of BUS_SERVICES) {
      const rights = natsPermissions(service, 'p.');
      expect(rights.publish).toEqual(
        expect.arrayContaining(['$O.p_bus_replies.>', '$JS.API.STREAM.CREATE.OBJ_p_bus_replies', '$JS.API.STREAM.PURGE.OBJ_p_bus_replies', '$JS.API.DIRECT.GET.OBJ_p_bus_replies.>', '$JS.API.CONSUMER.CREATE.OBJ_p_bus_replies.>']),
      );
      // the stream of the replies is never deleted or changed through a service's user
      expect(rights.publish.some((s) => s.includes('bus_replies') && /STREAM\.(\*|DELETE|UPDATE)/.test(s))).toBe(false);
      expect(rights.publish.some((s) => s.includes('bus_replies') && !s.includes('p_bus_replies'))).toBe(false);
    }
  });

  it('gives the ingestion its work stream of readings, and nobody else', () => {
    const ingest = natsPermissions('ingest', 'p.');
    expect(ingest.publish).toEqual(
      expect.arrayContaining(['p.raw.ingest.>', '$JS.API.STREAM.CREATE.p_RAW_ingest', '$JS.API.CONSUMER.MSG.NEXT.p_RAW_ingest.*', '$JS.ACK.p_RAW_ingest.>', 'p.catalog.>']),
    );
    expect(ingest.publish).not.toContain('p.orders.>');
    expect(natsPermissions('catalog', 'p.').publish.some((s) => s.startsWith('p.raw.'))).toBe(false);
  });

  it('writes a server configuration with a user per service and no anonymous access', () => {
    const config = natsServerConfig({ passwords: { gateway: 'g', identity: 'i', catalog: { env: 'CAT' }, orders: 'o', supply: 's', ingest: 'n', notifications: 'x' } });
    for (const service of BUS_SERVICES) expect(config).toContain(`user: "${service}"`);
    expect(config).toContain('password: $CAT');
    expect(config).not.toMatch(/no_auth_user|authorization/);
  });
});
