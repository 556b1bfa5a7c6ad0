import { deliveryKey, digestKey, matchingRules, remoteFileName, sideOf } from './matching';

type R = Parameters<typeof matchingRules>[0][number] & { id: number };
const rule = (id: number, over: Partial<R>): R => ({ id, active: true, event: 'order_created', customerId: null, locationId: null, supplierId: null, allLocations: false, ...over });
const ids = (rules: R[]) => rules.map((r) => r.id).sort((a, b) => a - b);

describe('matchingRules (docs/notifications.md "Delivery")', () => {
  const place = { customerId: 10, locationId: 100, supplierId: 50 };

  it("a location's own rules, the customer's rules with all_locations beside them, the supplier's", () => {
    const rules = [
      rule(1, { customerId: 10, locationId: 100 }),
      rule(2, { customerId: 10, allLocations: true }),
      rule(3, { customerId: 10 }), // only where the location has no rule of its own
      rule(4, { supplierId: 50 }),
      rule(5, { supplierId: 51 }),
      rule(6, { customerId: 10, locationId: 101 }),
      rule(7, { customerId: 11 }),
    ];
    expect(ids(matchingRules(rules, 'order_created', place))).toEqual([1, 2, 4]);
  });

  it("without a rule of the location's own, the customer's rules apply, with or without all_locations", () => {
    const rules = [rule(2, { customerId: 10, allLocations: true }), rule(3, { customerId: 10 }), rule(6, { customerId: 10, locationId: 101 })];
    expect(ids(matchingRules(rules, 'order_created', place))).toEqual([2, 3]);
  });

  it("an inactive rule of the location's own does not hold the customer's rules back; inactive rules and other events never match", () => {
    const rules = [
      rule(1, { customerId: 10, locationId: 100, active: false }),
      rule(3, { customerId: 10 }),
      rule(8, { customerId: 10, locationId: 100, event: 'supply_created' }),
      rule(9, { supplierId: 50, active: false }),
    ];
    expect(ids(matchingRules(rules, 'order_created', place))).toEqual([3]);
    expect(ids(matchingRules(rules, 'supply_created', place))).toEqual([8]);
  });

  it('an order without a supplier matches no supplier rule', () => {
    expect(matchingRules([rule(4, { supplierId: 50 })], 'order_created', { ...place, supplierId: null })).toEqual([]);
  });

  it('sides, keys and file names', () => {
    expect(sideOf({ supplierId: 50 }, 'order_created')).toBe('S');
    expect(sideOf({ supplierId: null }, 'order_created')).toBe('O');
    expect(sideOf({ supplierId: null }, 'supply_delivered')).toBe('S');
    expect(deliveryKey(7, 4711, 2)).toBe('r7.o4711.v2');
    expect(digestKey(7, '2026-11-27', 'Einkauf+Süd@Lieferant.example')).toBe('r7.d2026-11-27.einkauf_s_d_lieferant.example');
    expect(remoteFileName('order_4711.csv', 'r7.o4711.v1')).toBe('order_4711.r7.o4711.v1.csv');
    expect(remoteFileName('ORDERS', 'r7.o4711.v1')).toBe('ORDERS.r7.o4711.v1');
    expect(remoteFileName('x_r7.o4711.v1.xml', 'r7.o4711.v1')).toBe('x_r7.o4711.v1.xml');
    expect(remoteFileName('a/b:c?.csv', 'r1.o2.v1')).toBe('a_b_c_.r1.o2.v1.csv');
  });
});
