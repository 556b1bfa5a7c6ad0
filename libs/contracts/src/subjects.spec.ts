import { BUS_ACCESS, BUS_SERVICES, type BusService } from './bus-access';
import { CatalogEvents, CatalogSubjects } from './catalog';
import { ContactEvents, ContactSubjects } from './contacts';
import { deadLetterRequests, deadLetterSubject, type DeadLetterService } from './dead-letters';
import { IdentityEvents, IdentitySubjects } from './identity';
import { ImageSubjects } from './images';
import { ItemEvents, ItemSubjects } from './items';
import { JournalSubjects } from './journal';
import { LocationEvents, LocationSubjects } from './locations';
import { NewOrderSubjects } from './new-order';
import { OrderQueueSubjects } from './orderqueue';
import { OrdersEvents, OrdersSubjects, ReplenishmentSubjects } from './orders';
import { SettingsEvents, SettingsSubjects } from './settings';
import { PrintingSubjects } from './printing';
import { StorageEvents, StorageSubjects } from './storages';
import { SensorEvents, SensorSubjects } from './sensors';
import { IngestEvents, IngestSubjects } from './ingest';
import { NotificationsSubjects, ServerSubjects } from './notifications';
import { EmailTemplateSubjects, FileTemplateSubjects } from './notification-templates';
import { NotificationRuleEvents, NotificationRuleSubjects } from './notification-rules';
import { NotificationDeliveryEvents } from './notification-delivery';
import { OrderResponseEvents, OrderResponseSubjects } from './order-responses';
import { BinReadingEvents } from './bin-readings';
import { StatsSubjects } from './stats';
import type { BusEvent, BusSubject } from './subjects';
import { SupplyEvents, SupplySubjects } from './supplies';
import { ApiClientSubjects, SupplierFeedEvents, SupplierFeedSubjects } from './supplier-api';
import { UserAdminSubjects } from './users';

/**
 * The subject table (`BusSubjects`, `BusEvents`) against the subject constants callers and handlers use, and against
 * BUS_ACCESS (who may call and consume what over NATS).
 */
const SERVED = BUS_SERVICES.filter((s): s is DeadLetterService => s !== 'gateway');
const SUBJECT_CONSTANTS = [
  IdentitySubjects,
  CatalogSubjects,
  ContactSubjects,
  ImageSubjects,
  ItemSubjects,
  LocationSubjects,
  StorageSubjects,
  SensorSubjects,
  SettingsSubjects,
  PrintingSubjects,
  UserAdminSubjects,
  OrdersSubjects,
  NewOrderSubjects,
  ReplenishmentSubjects,
  JournalSubjects,
  OrderQueueSubjects,
  StatsSubjects,
  SupplySubjects,
  IngestSubjects,
  NotificationsSubjects,
  ServerSubjects,
  EmailTemplateSubjects,
  FileTemplateSubjects,
  NotificationRuleSubjects,
  OrderResponseSubjects,
  ApiClientSubjects,
  SupplierFeedSubjects,
] as const;
const EVENT_CONSTANTS = [
  IdentityEvents,
  CatalogEvents,
  ContactEvents,
  ItemEvents,
  LocationEvents,
  StorageEvents,
  SensorEvents,
  SettingsEvents,
  OrdersEvents,
  SupplyEvents,
  IngestEvents,
  BinReadingEvents,
  NotificationRuleEvents,
  NotificationDeliveryEvents,
  SupplierFeedEvents,
  OrderResponseEvents,
] as const;

/** the values of each object of a union */
type ValueOf<T> = T extends unknown ? T[keyof T] : never;
type ConstantSubject =
  ValueOf<(typeof SUBJECT_CONSTANTS)[number]> | `${DeadLetterService}.dead_letters.${'retry' | 'discard'}`;
type ConstantEvent = ValueOf<(typeof EVENT_CONSTANTS)[number]> | `evt.${DeadLetterService}.dead_letter`;

// The table and the constants name the same subjects: a line fails the type check when the constants name a subject
// the table has no row for, or the table a subject no constant names.
type Same<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : false;
const subjectsMatch: Same<ConstantSubject, BusSubject> = true;
const eventsMatch: Same<ConstantEvent, BusEvent> = true;

const subjects: string[] = [
  ...SUBJECT_CONSTANTS.flatMap((c) => Object.values(c) as string[]),
  ...SERVED.flatMap((s) => Object.values(deadLetterRequests(s))),
];
const events: string[] = [
  ...EVENT_CONSTANTS.flatMap((c) => Object.values(c) as string[]),
  ...SERVED.map((s) => deadLetterSubject(s)),
];
const owner = (subject: string) => subject.split('.')[0] as BusService;
const producer = (event: string) => event.split('.')[1] as BusService;

describe('bus subject table (libs/contracts/src/subjects.ts)', () => {
  it('has a row for every subject constant and no other (checked by the type check)', () => {
    expect([subjectsMatch, eventsMatch]).toEqual([true, true]);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(new Set(events).size).toBe(events.length);
  });

  it('serves every request subject by a service of BUS_ACCESS that some process calls', () => {
    for (const subject of subjects) {
      expect([subject, SERVED.includes(owner(subject) as DeadLetterService)]).toEqual([subject, true]);
      const callers = BUS_SERVICES.filter((s) =>
        BUS_ACCESS[s].calls.includes(owner(subject) as DeadLetterService),
      );
      expect([subject, callers.length > 0]).toEqual([subject, true]);
    }
  });

  it('gives every service BUS_ACCESS lets others call subjects of its own, with health and dead letters', () => {
    for (const service of BUS_SERVICES) {
      for (const callee of BUS_ACCESS[service].calls) {
        expect([service, callee, subjects.filter((s) => owner(s) === callee).length > 0]).toEqual([
          service,
          callee,
          true,
        ]);
      }
    }
    for (const service of SERVED) {
      expect(subjects).toEqual(
        expect.arrayContaining([
          `${service}.health`,
          `${service}.dead_letters.retry`,
          `${service}.dead_letters.discard`,
        ]),
      );
      expect(events).toContain(`evt.${service}.dead_letter`);
    }
  });

  it('publishes every event from a service of BUS_ACCESS, and every consumed stream carries events of the table', () => {
    for (const event of events) {
      expect([
        event,
        /^evt\.[a-z]+\.[a-z_]+$/.test(event),
        SERVED.includes(producer(event) as DeadLetterService),
      ]).toEqual([event, true, true]);
    }
    for (const service of BUS_SERVICES) {
      for (const stream of BUS_ACCESS[service].consumes) {
        expect([service, stream, events.filter((e) => producer(e) === stream).length > 0]).toEqual([
          service,
          stream,
          true,
        ]);
      }
    }
  });
});
