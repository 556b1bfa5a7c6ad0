import type { NotificationEvent, RecipientKind } from '@kanban/contracts';

/** What the delivery needs of a notification rule (read from `notifications.notification_rule`, rules/rule.entity.ts). */
export interface DeliveryRule {
  id: number;
  companyId: number;
  customerId: number | null;
  locationId: number | null;
  supplierId: number | null;
  name: string;
  type: 'E' | 'F';
  active: boolean;
  event: NotificationEvent;
  emailFrom: string;
  emailFromName: string;
  emailTo: string;
  emailToName: string;
  subject: string;
  emailTemplateId: number | null;
  attachmentTemplateId: number | null;
  attachmentName: string;
  /** E: the order's delivery note as a PDF attachment (libs/labels' delivery-note-a4) */
  deliveryNotePdf: boolean;
  serverId: number | null;
  path: string;
  onlyDaily: boolean;
  dailyHour: number;
  allLocations: boolean;
  recipients: DeliveryRecipient[];
}

export interface DeliveryRecipient {
  id: number;
  kind: RecipientKind;
  contactId: number | null;
  userId: number | null;
  email: string;
  name: string;
  cc: boolean;
}

/** Where an event happened: the order's customer, location and supplier. */
export interface EventPlace {
  customerId: number;
  locationId: number;
  supplierId: number | null;
}

/** Events about the supply of an order: written as supply notifications (history S) whoever's rule sent them. */
const SUPPLY_EVENTS: readonly NotificationEvent[] = ['supply_created', 'supply_delivered'];

/**
 * The active rules of an event at a place (docs/notifications.md "Delivery"; the contract's all_locations):
 * - a location's own rules (customer and location set) when the event is at that location;
 * - a customer's rules (location null): with `all_locations` at every location of the customer, beside the
 *   locations' own rules; without it only at a location that has no active rule of its own for the same event;
 * - a supplier's rules when the event concerns its order (an order is for one supplier).
 * `rules` are the company's rules of the event (inactive ones are left out here too).
 */
export function matchingRules<R extends Pick<DeliveryRule, 'active' | 'event' | 'customerId' | 'locationId' | 'supplierId' | 'allLocations'>>(
  rules: readonly R[],
  event: NotificationEvent,
  place: EventPlace,
): R[] {
  const active = rules.filter((r) => r.active && r.event === event);
  const own = active.filter((r) => r.supplierId === null && r.customerId === place.customerId && r.locationId === place.locationId);
  const customer = active.filter((r) => r.supplierId === null && r.customerId === place.customerId && r.locationId === null && (r.allLocations || own.length === 0));
  const supplier = place.supplierId === null ? [] : active.filter((r) => r.supplierId === place.supplierId);
  return [...customer, ...own, ...supplier];
}

/** Where an event without an order happened: a journal entry's or a sensor's customer and location (null: not named). */
export interface SubjectPlace {
  customerId: number | null;
  locationId: number | null;
}

/**
 * The active rules of an event without an order (journal_entry, sensor_offline, sensor_alarm; docs/notifications.md
 * "Events without an order"), each rule once over all the places the event names:
 * - at a location (customer and location known): as for orders (the location's own rules, the customer's with
 *   `all_locations` or when the location has none of its own);
 * - at a customer only (no location): the customer's rules (location empty); its locations' rules are not asked;
 * - company-wide (no place, or none with a customer: a dead letter, a failed run, a sensor in no rack): the customer
 *   rules with `all_locations`, the rules meant for "everything at this customer, wherever" — a location's rule or a
 *   customer rule limited to locations without their own is about a place, which such an event has not.
 * Supplier rules never match: these events name no supplier.
 */
export function matchingRulesAtPlaces<R extends Pick<DeliveryRule, 'active' | 'event' | 'customerId' | 'locationId' | 'supplierId' | 'allLocations'>>(
  rules: readonly R[],
  event: NotificationEvent,
  places: readonly SubjectPlace[],
): R[] {
  const active = rules.filter((r) => r.active && r.event === event && r.supplierId === null);
  const chosen = new Set<R>();
  const known = places.filter((p) => p.customerId !== null);
  if (known.length === 0) for (const r of active) if (r.locationId === null && r.customerId !== null && r.allLocations) chosen.add(r);
  for (const place of known) {
    if (place.locationId === null) {
      for (const r of active) if (r.customerId === place.customerId && r.locationId === null) chosen.add(r);
    } else {
      for (const r of matchingRules(active, event, { customerId: place.customerId!, locationId: place.locationId, supplierId: null })) chosen.add(r);
    }
  }
  return active.filter((r) => chosen.has(r));
}

/** O: an order notification (customer and location rules); S: a supply notification (supplier rules, supply events). */
export function sideOf(rule: Pick<DeliveryRule, 'supplierId'>, event: NotificationEvent): 'O' | 'S' {
  return rule.supplierId !== null || SUPPLY_EVENTS.includes(event) ? 'S' : 'O';
}

/** The idempotency key of a rule's delivery for an order: `r{rule}.o{order}.v{version}`. */
export function deliveryKey(ruleId: number, orderId: number, version: number): string {
  return `r${ruleId}.o${orderId}.v${version}`;
}

/**
 * The idempotency key of a rule's delivery for an event without an order: `r{rule}.{subject}`, the subject naming
 * the event once (`j{journal entry}`, `s{sensor}.{alarm}.t{time in ms}`).
 */
export function subjectDeliveryKey(ruleId: number, subject: string): string {
  return `r${ruleId}.${subject}`;
}

/**
 * The key of a digest: `r{rule}.d{YYYY-MM-DD}.{recipient}`, the recipient's address in lower case with characters
 * other than letters, digits, `.`, `_` and `-` as `_` (`a_lieferant.example`), so the key stays a Message-ID's left part.
 */
export function digestKey(ruleId: number, day: string, recipient: string): string {
  return `r${ruleId}.d${day}.${recipient.toLowerCase().replace(/[^a-z0-9._-]/g, '_')}`;
}

/**
 * The remote name of a file delivery: the rendered attachment name with the key before its extension
 * (`order_4711.csv` → `order_4711.r7.o4711.v1.csv`), so a retry finds its own file and a trigger's new version
 * writes a new one; a name that already contains the key stays. Characters file systems refuse become `_`.
 */
export function remoteFileName(name: string, key: string): string {
  const safe = name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').trim() || 'order';
  if (safe.includes(key)) return safe;
  const dot = safe.lastIndexOf('.');
  return dot > 0 ? `${safe.slice(0, dot)}.${key}${safe.slice(dot)}` : `${safe}.${key}`;
}
