import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import { diffRows } from './change-diff';
import { ChangeLogEntry } from './change-log.entity';

/** Which record changed and what it belongs to (the customer/supplier whose `changes/` list shows it). */
export interface ChangeTarget {
  kind: string;
  entityId: number;
  customerId: number | null;
  supplierId: number | null;
}

/**
 * Writes the change log rows of one change (see diffRows) in the caller's transaction, attributed to the
 * calling user. One statement; nothing when nothing changed.
 */
export async function recordChanges(
  em: EntityManager,
  caller: CompanyCaller,
  target: ChangeTarget,
  before: object | null,
  after: object | null,
): Promise<void> {
  const rows = diffRows(before, after);
  if (rows.length === 0) return;
  const at = new Date();
  await em.insertMany(
    ChangeLogEntry,
    rows.map((row) => ({
      companyId: caller.companyId,
      entityKind: target.kind,
      entityId: target.entityId,
      customerId: target.customerId,
      supplierId: target.supplierId,
      action: row.action,
      field: row.field,
      oldValue: row.oldValue,
      newValue: row.newValue,
      userId: caller.userId,
      at,
    })),
  );
}

/**
 * The customer/supplier a master-data record belongs to: itself for customers and suppliers, else its
 * `customerId`/`supplierId` properties when it has them (locations, items, ...).
 */
export function defaultChangeTarget(kind: string, record: { id: number }): ChangeTarget {
  const r = record as { id: number; customerId?: unknown; supplierId?: unknown };
  const idOr = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    kind,
    entityId: record.id,
    customerId: kind === 'customer' ? record.id : idOr(r.customerId),
    supplierId: kind === 'supplier' ? record.id : idOr(r.supplierId),
  };
}
