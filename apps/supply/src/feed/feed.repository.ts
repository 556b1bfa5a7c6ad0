import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FeedCaller, FeedLineStatus } from '@kanban/contracts';

export type Row = Record<string, unknown>;

const FEED_COLUMNS = `s.id, s.order_id, s.supplier_id, s.supplier_name, s.customer_id, s.customer_name, s.location_id, s.location_name,
  s.catalog_ext_id, s.order_date::text as order_date, s.shipping::text as shipping, s.status, s.line_count, s.delivered_count,
  s.delivered_at, s.created_at, s.updated_at, s.change_seq::text as seq, s.po_number, s.acknowledged_at`;

/** The statements of the supplier feed (docs/supplier-api.md): always the caller's company and supplier. */
@Injectable()
export class FeedRepository {
  /** Up to `limit` supplies of the supplier changed after `since` (change sequence number), oldest change first. */
  page(em: EntityManager, caller: FeedCaller, since: string, limit: number): Promise<Row[]> {
    return em.execute<Row[]>(
      `select ${FEED_COLUMNS} from supply.supply s
        where s.company_id = ? and s.supplier_id = ? and s.change_seq > ?::bigint
        order by s.change_seq limit ?`,
      [caller.companyId, caller.supplierId, since, limit],
    );
  }

  /** One supply of the supplier (404 for the caller when undefined). */
  async supply(em: EntityManager, caller: FeedCaller, supplyId: number): Promise<Row | undefined> {
    const rows = await em.execute<Row[]>(`select ${FEED_COLUMNS} from supply.supply s where s.company_id = ? and s.supplier_id = ? and s.id = ?`, [
      caller.companyId,
      caller.supplierId,
      supplyId,
    ]);
    return rows[0];
  }

  /** The lines of these supplies, by supply and position. */
  lines(em: EntityManager, companyId: number, supplyIds: number[]): Promise<Row[]> {
    if (supplyIds.length === 0) return Promise.resolve([]);
    return em.execute<Row[]>(
      `select supply_id, pos, item_id, catalog_id, sku, name, quantity, unit, shipping::text as shipping, delivered, delivered_at, delivered_by, ext_line_status
         from supply.supply_line where company_id = ? and supply_id in (${supplyIds.map(() => '?').join(', ')}) order by supply_id, pos`,
      [companyId, ...supplyIds],
    );
  }

  /** Locks the supply of the supplier for the acknowledgement; its order id and order number, or undefined when unknown. */
  async lock(em: EntityManager, caller: FeedCaller, supplyId: number): Promise<{ order_id: number; po_number: string | null } | undefined> {
    const rows = await em.execute<{ order_id: number; po_number: string | null }[]>(
      'select order_id, po_number from supply.supply where company_id = ? and supplier_id = ? and id = ? for update',
      [caller.companyId, caller.supplierId, supplyId],
    );
    return rows[0];
  }

  /**
   * Acknowledges: lines without an external status, or TR when a number comes, take `status`; the supply notes the
   * first acknowledgement and the order number. Answers the positions that changed. The change sequence number stays:
   * the supplier's own acknowledgement is not news to it.
   */
  async acknowledge(em: EntityManager, companyId: number, supplyId: number, status: FeedLineStatus, poNumber: string | null, now: Date): Promise<number[]> {
    const from = status === 'PO' ? ['TR', 'PO'] : ['TR'];
    const changed = await em.execute<{ pos: number }[]>(
      `update supply.supply_line set ext_line_status = ?
        where company_id = ? and supply_id = ? and (ext_line_status is null or ext_line_status in (${from.map(() => '?').join(', ')}))
          and ext_line_status is distinct from ?
        returning pos`,
      [status, companyId, supplyId, ...from, status],
    );
    await em.execute(
      `update supply.supply set acknowledged_at = coalesce(acknowledged_at, ?), po_number = coalesce(?, po_number) where company_id = ? and id = ?`,
      [now, poNumber, companyId, supplyId],
    );
    return changed.map((r) => Number(r.pos)).sort((a, b) => a - b);
  }
}
