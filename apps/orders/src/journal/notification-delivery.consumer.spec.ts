import { statusUnchanged } from './notification-delivery.consumer';

// the order's notification_status is the worst of its rules' latest events: -1 failed, 1 queued or retrying, 2 sent, 0 none
describe('statusUnchanged (the delta of an order notification status)', () => {
  it('keeps the status when the event alone gives that status', () => {
    expect(statusUnchanged(2, 'sent')).toBe(true);
    expect(statusUnchanged(1, 'pending')).toBe(true);
    expect(statusUnchanged(1, 'retrying')).toBe(true);
    expect(statusUnchanged(-1, 'failed')).toBe(true);
  });

  it('recomputes the first event of an order and any event that may make the status better or worse', () => {
    for (const status of ['sent', 'pending', 'retrying', 'failed'] as const) expect(statusUnchanged(0, status)).toBe(false);
    expect(statusUnchanged(1, 'sent')).toBe(false); // the pending rule may have been this one
    expect(statusUnchanged(-1, 'sent')).toBe(false); // the failed rule may have been this one
    expect(statusUnchanged(-1, 'retrying')).toBe(false);
    expect(statusUnchanged(2, 'pending')).toBe(false); // an old version's event processed late: the recomputation decides by time
    expect(statusUnchanged(2, 'failed')).toBe(false);
    expect(statusUnchanged(1, 'failed')).toBe(false);
  });
});
