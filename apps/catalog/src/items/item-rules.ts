import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { type ItemRuleRef, type ItemRulesConflict, OrdersSubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';

export type ItemRulesPurpose = 'disable' | 'delete';

/** The 1007 answer naming the item's rules (Data: `{rules}`), for disabling without confirm or deleting. */
export function rulesConflict(purpose: ItemRulesPurpose, rules: ItemRuleRef[]): AppError {
  const message =
    purpose === 'disable'
      ? `the item is used by ${rules.length} kanban rule(s), which stop ordering it once it is disabled; send confirm=1 to disable it anyway`
      : `the item is used by ${rules.length} kanban rule(s); delete them first`;
  const data: ItemRulesConflict = { rules };
  return new AppError(ErrorCode.HasDependencies, message, { data: { ...data } });
}

/**
 * Asks the orders service (`orders.rules.of_item`, outside any transaction) for the kanban rules of an item
 * before the catalog disables or deletes it. When orders does not answer (down, timed out), the change is
 * refused with 503 rather than made without the warning the spec asks for: the caller may try again, or
 * (for disabling) confirm, which needs no answer from orders.
 */
@Injectable()
export class ItemRulesCheck {
  constructor(private readonly bus: ServiceBus) {}

  async rulesOf(companyId: number, itemId: number, purpose: ItemRulesPurpose): Promise<ItemRuleRef[]> {
    try {
      return await this.bus.request(OrdersSubjects.rulesOfItem, { company_id: companyId, item_id: itemId });
    } catch (error) {
      if (error instanceof AppError && error.code !== ProtocolCode.Unavailable && error.code !== ProtocolCode.Internal) throw error;
      throw new AppError(
        ProtocolCode.Unavailable,
        `the orders service did not answer, so the item's kanban rules cannot be checked; the item was not ${purpose === 'disable' ? 'disabled' : 'deleted'}, try again later`,
      );
    }
  }

  /** Throws 1007 listing the rules when the item has any. */
  async assertNone(companyId: number, itemId: number, purpose: ItemRulesPurpose): Promise<void> {
    const rules = await this.rulesOf(companyId, itemId, purpose);
    if (rules.length > 0) throw rulesConflict(purpose, rules);
  }
}
