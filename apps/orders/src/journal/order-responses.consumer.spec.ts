import { extStatusApplies } from './order-responses.consumer';

describe('order responses: which ext_status an answer may set (docs/notifications.md "Order responses")', () => {
  it('OK as the update to OK: an order on its way not yet OK', () => {
    expect(extStatusApplies({ status: 'open', ext_status: 0 }, 1)).toBe(true);
    expect(extStatusApplies({ status: 'confirmed', ext_status: -1 }, 1)).toBe(true);
    expect(extStatusApplies({ status: 'open', ext_status: 1 }, 1)).toBe(false);
    expect(extStatusApplies({ status: 'request', ext_status: 0 }, 1)).toBe(false);
    expect(extStatusApplies({ status: 'delivered', ext_status: 0 }, 1)).toBe(false);
    expect(extStatusApplies({ status: 'cancelled', ext_status: 0 }, 1)).toBe(false);
  });

  it('FE for an order open or confirmed; KA only back from FE, never from OK', () => {
    expect(extStatusApplies({ status: 'open', ext_status: 0 }, -1)).toBe(true);
    expect(extStatusApplies({ status: 'confirmed', ext_status: 1 }, -1)).toBe(true);
    expect(extStatusApplies({ status: 'delivered', ext_status: 1 }, -1)).toBe(false);
    expect(extStatusApplies({ status: 'open', ext_status: -1 }, -1)).toBe(false);
    expect(extStatusApplies({ status: 'open', ext_status: -1 }, 0)).toBe(true);
    expect(extStatusApplies({ status: 'confirmed', ext_status: 1 }, 0)).toBe(false);
    expect(extStatusApplies({ status: 'open', ext_status: 0 }, 0)).toBe(false);
  });
});
