import { causedByNotifications, orderNoticeText, sensorAlarmEvent } from './events.consumer';
import { matchingRulesAtPlaces, subjectDeliveryKey } from './matching';

type R = Parameters<typeof matchingRulesAtPlaces>[0][number] & { id: number };
const rule = (id: number, over: Partial<R>): R => ({ id, active: true, event: 'journal_entry', customerId: null, locationId: null, supplierId: null, allLocations: false, ...over });
const ids = (rules: R[]) => rules.map((r) => r.id).sort((a, b) => a - b);

describe('matchingRulesAtPlaces: events without an order (docs/notifications.md "Events without an order")', () => {
  const rules = [
    rule(1, { customerId: 10, locationId: 100 }),
    rule(2, { customerId: 10, allLocations: true }),
    rule(3, { customerId: 10 }),
    rule(4, { supplierId: 50 }),
    rule(5, { customerId: 10, locationId: 101 }),
    rule(6, { customerId: 11, allLocations: true }),
    rule(7, { customerId: 11, locationId: 110 }),
  ];

  it('at a location: as for orders (own rules, customer rules with all_locations); supplier rules never', () => {
    expect(ids(matchingRulesAtPlaces(rules, 'journal_entry', [{ customerId: 10, locationId: 100 }]))).toEqual([1, 2]);
    expect(ids(matchingRulesAtPlaces(rules, 'journal_entry', [{ customerId: 10, locationId: 102 }]))).toEqual([2, 3]);
  });

  it("at a customer without a location: the customer's rules, not its locations'", () => {
    expect(ids(matchingRulesAtPlaces(rules, 'journal_entry', [{ customerId: 10, locationId: null }]))).toEqual([2, 3]);
  });

  it('company-wide (no place, or places without a customer): the customer rules with all_locations only', () => {
    expect(ids(matchingRulesAtPlaces(rules, 'journal_entry', []))).toEqual([2, 6]);
    expect(ids(matchingRulesAtPlaces(rules, 'journal_entry', [{ customerId: null, locationId: null }]))).toEqual([2, 6]);
  });

  it("several places (a sensor in racks of two locations): each rule once, each place's rules", () => {
    const got = matchingRulesAtPlaces(rules, 'journal_entry', [
      { customerId: 10, locationId: 100 },
      { customerId: 10, locationId: 100 },
      { customerId: 11, locationId: 110 },
    ]);
    expect(got.map((r) => r.id)).toEqual([1, 2, 6, 7]);
  });

  it('inactive rules and rules of other events never match', () => {
    const others = [rule(1, { customerId: 10, allLocations: true, active: false }), rule(2, { customerId: 10, allLocations: true, event: 'sensor_alarm' })];
    expect(matchingRulesAtPlaces(others, 'journal_entry', [])).toEqual([]);
    expect(ids(matchingRulesAtPlaces(others, 'sensor_alarm', [{ customerId: 10, locationId: 5 }]))).toEqual([2]);
  });

  it('keys: r{rule}.{subject}', () => {
    expect(subjectDeliveryKey(7, 'j42')).toBe('r7.j42');
    expect(subjectDeliveryKey(7, 's3.offline.t1764230400000')).toBe('r7.s3.offline.t1764230400000');
  });
});

describe('the events without an order, as the consumer reads them', () => {
  it('journal_entry rules leave out the entries the delivery caused (no loop)', () => {
    expect(causedByNotifications({ message_key: 'notification_failed', dead_letter_service: null })).toBe(true);
    expect(causedByNotifications({ message_key: 'dead_letter', dead_letter_service: 'notifications' })).toBe(true);
    expect(causedByNotifications({ message_key: 'dead_letter', dead_letter_service: 'orders' })).toBe(false);
    expect(causedByNotifications({ message_key: 'order_no_supplier', dead_letter_service: null })).toBe(false);
    expect(causedByNotifications({ message_key: null, dead_letter_service: null })).toBe(false);
  });

  it('sensor alarms: offline is sensor_offline, a low battery sensor_alarm, their ends nothing', () => {
    expect(sensorAlarmEvent('offline')).toBe('sensor_offline');
    expect(sensorAlarmEvent('battery_low')).toBe('sensor_alarm');
    expect(sensorAlarmEvent('back_online')).toBeNull();
    expect(sensorAlarmEvent('battery_ok')).toBeNull();
  });

  it("an order notice's line for templates (event.text)", () => {
    const n = { company_id: 1, order_id: 7, customer_id: 2, location_id: 3, supplier_id: null, at: '2026-11-27T10:00:00.000Z', user_id: null };
    expect(orderNoticeText({ ...n, event: 'request_rejected', reason: 'zu teuer' })).toBe('request 7 rejected: zu teuer');
    expect(orderNoticeText({ ...n, event: 'orderqueue_error', error: { code: 2001, message: 'no supplier' } })).toBe('order 7 could not be transmitted (2001): no supplier');
    expect(orderNoticeText({ ...n, event: 'order_ok' })).toBe('order 7 confirmed by the supplier (OK)');
  });
});
