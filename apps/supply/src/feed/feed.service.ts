import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  FEED_PAGE_SIZE_DEFAULT,
  FEED_PAGE_SIZE_MAX,
  type FeedAckInput,
  type FeedCaller,
  type FeedLineStatus,
  type FeedPage,
  type FeedQuery,
  type FeedSupplyDto,
  SupplierFeedEvents,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { raw, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { toLineDto, toSupplyDto } from '../supplies/supplies.service';
import { FeedRepository, type Row } from './feed.repository';

const PO_NUMBER_MAX = 100;

function toFeedSupply(row: Row, lines: Row[]): FeedSupplyDto {
  return {
    ...toSupplyDto(row),
    seq: String(row.seq),
    po_number: row.po_number === null || row.po_number === undefined ? null : String(row.po_number),
    acknowledged_at: raw.iso(row.acknowledged_at),
    lines: lines.map((l) => ({ ...toLineDto(l), ext_status: l.ext_line_status === null || l.ext_line_status === undefined ? null : String(l.ext_line_status) })),
  };
}

/** `since`: absent or a whole number of at most 18 digits (1000 `since`). */
export function cursorOf(query: FeedQuery): string {
  const since = query.since === undefined || query.since === null || query.since === '' ? '0' : String(query.since);
  if (!/^\d{1,18}$/.test(since)) throw AppError.validation('since', 'must be the next_cursor of an earlier pull (a whole number)');
  return String(BigInt(since));
}

export function limitOf(query: FeedQuery): number {
  if (query.limit === undefined || query.limit === null) return FEED_PAGE_SIZE_DEFAULT;
  const limit = Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > FEED_PAGE_SIZE_MAX) throw AppError.validation('limit', `must be a whole number from 1 to ${FEED_PAGE_SIZE_MAX}`);
  return limit;
}

/** The supplier's order number: absent or null (TR), else trimmed, 1-100 characters without control characters (PO). */
export function poNumberOf(input: FeedAckInput | undefined): string | null {
  const value = input?.po_number;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw AppError.validation('po_number', 'must be a text');
  const po = value.trim();
  if (po.length === 0) throw AppError.validation('po_number', 'must not be empty (leave it out to acknowledge without a number)');
  if (po.length > PO_NUMBER_MAX) throw AppError.validation('po_number', `must be at most ${PO_NUMBER_MAX} characters`);
  if (/[\u0000-\u001f\u007f]/.test(po)) throw AppError.validation('po_number', 'must not contain control characters');
  return po;
}

/**
 * The supplier feed (docs/supplier-api.md): a supplier's system pulls its supplies changed after a cursor (their
 * change sequence numbers, oldest first; pulling marks nothing) and acknowledges them: lines TR, or PO with its order
 * number, which the orders service follows (evt.supply.acknowledged). The gateway has checked the client.
 */
@Injectable()
export class FeedService {
  constructor(
    @Inject(unitOfWorkToken('supply')) private readonly uow: UnitOfWork,
    private readonly repository: FeedRepository,
  ) {}

  pull(caller: FeedCaller, query: FeedQuery): Promise<FeedPage> {
    const since = cursorOf(query ?? {});
    const limit = limitOf(query ?? {});
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const rows = await this.repository.page(em, caller, since, limit + 1);
      const page = rows.slice(0, limit);
      const items = await this.withLines(em, caller.companyId, page);
      return { items, next_cursor: page.length > 0 ? String(page[page.length - 1]!.seq) : since, has_more: rows.length > limit };
    });
  }

  /** One supply of the supplier with its lines (404 for any other). */
  get(caller: FeedCaller, supplyId: number): Promise<FeedSupplyDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const row = await this.repository.supply(em, caller, supplyId);
      if (!row) throw new AppError(ProtocolCode.NotFound, 'supply not found');
      return (await this.withLines(em, caller.companyId, [row]))[0]!;
    });
  }

  /** Acknowledges a supply of the supplier (404 for any other); safe to repeat: only changes are written and published. */
  ack(caller: FeedCaller, supplyId: number, input: FeedAckInput): Promise<FeedSupplyDto> {
    const poNumber = poNumberOf(input);
    const status: FeedLineStatus = poNumber === null ? 'TR' : 'PO';
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const locked = await this.repository.lock(em, caller, supplyId);
      if (!locked) throw new AppError(ProtocolCode.NotFound, 'supply not found');
      const now = new Date();
      const positions = await this.repository.acknowledge(em, caller.companyId, supplyId, status, poNumber, now);
      const numberChanged = poNumber !== null && poNumber !== locked.po_number;
      if (positions.length > 0 || numberChanged) {
        addToOutbox(em, SupplierFeedEvents.acknowledged, {
          id: supplyId,
          company_id: caller.companyId,
          order_id: Number(locked.order_id),
          supplier_id: caller.supplierId,
          status,
          po_number: poNumber,
          positions,
          at: now.toISOString(),
        });
        await em.flush();
      }
      const row = await this.repository.supply(em, caller, supplyId);
      return (await this.withLines(em, caller.companyId, [row!]))[0]!;
    });
  }

  private async withLines(em: EntityManager, companyId: number, rows: Row[]): Promise<FeedSupplyDto[]> {
    const lines = await this.repository.lines(em, companyId, rows.map((r) => raw.num(r.id)));
    const bySupply = new Map<number, Row[]>();
    for (const line of lines) {
      const id = raw.num(line.supply_id);
      bySupply.set(id, [...(bySupply.get(id) ?? []), line]);
    }
    return rows.map((r) => toFeedSupply(r, bySupply.get(raw.num(r.id)) ?? []));
  }
}
