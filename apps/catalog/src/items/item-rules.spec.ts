import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { type ItemRuleRef, OrdersSubjects } from '@kanban/contracts';
import type { ServiceBus } from '@kanban/messaging';
import { ItemRulesCheck } from './item-rules';

/** A bus that answers `orders.rules.of_item` with `reply` (or throws it) and records the requests. */
function fakeBus(reply: ItemRuleRef[] | AppError) {
  const requests: { subject: string; payload: unknown }[] = [];
  const bus = {
    request: async (subject: string, payload: unknown) => {
      requests.push({ subject, payload });
      if (reply instanceof AppError) throw reply;
      return reply;
    },
  } as unknown as ServiceBus;
  return { bus, requests };
}

const rule = (id: number, location: string): ItemRuleRef => ({
  id,
  location_id: id * 10,
  location_name: location,
  threshold: 5,
  capacity: 20,
  stock: 7,
  active: true,
});

describe('ItemRulesCheck', () => {
  it('asks the orders service for the rules of the item in its company', async () => {
    const { bus, requests } = fakeBus([]);
    await new ItemRulesCheck(bus).assertNone(3, 42, 'disable');
    expect(requests).toEqual([{ subject: OrdersSubjects.rulesOfItem, payload: { company_id: 3, item_id: 42 } }]);
  });

  it('answers 1007 with the rules in its data when there are some', async () => {
    const rules = [rule(1, 'Hall A'), rule(2, 'Hall B')];
    const error = await new ItemRulesCheck(fakeBus(rules).bus).assertNone(3, 42, 'disable').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.HasDependencies);
    expect((error as AppError).message).toContain('confirm=1');
    expect((error as AppError).toBody().data).toEqual({ rules });
  });

  it('names deleting the rules first when the item is to be deleted', async () => {
    const error = await new ItemRulesCheck(fakeBus([rule(1, 'Hall A')]).bus).assertNone(3, 42, 'delete').catch((e: unknown) => e);
    expect((error as AppError).code).toBe(ErrorCode.HasDependencies);
    expect((error as AppError).message).toContain('delete them first');
  });

  it('refuses with 503 when orders does not answer, rather than going on without the check', async () => {
    for (const failure of [new AppError(ProtocolCode.Unavailable, 'service unavailable'), new AppError(ProtocolCode.Internal, 'unknown error')]) {
      const error = await new ItemRulesCheck(fakeBus(failure).bus).assertNone(3, 42, 'disable').catch((e: unknown) => e);
      expect((error as AppError).code).toBe(ProtocolCode.Unavailable);
      expect((error as AppError).message).toContain('not disabled');
    }
  });

  it('passes other errors of orders on as they are', async () => {
    const failure = AppError.validation('item_id', 'must be a positive integer');
    const error = await new ItemRulesCheck(fakeBus(failure).bus).assertNone(3, 0, 'delete').catch((e: unknown) => e);
    expect(error).toBe(failure);
  });
});
