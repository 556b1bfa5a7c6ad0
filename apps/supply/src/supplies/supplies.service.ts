import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  type AssortmentCustomerDto,
  type AssortmentItemDto,
  type CompanyCaller,
  type ItemSupplyDto,
  type ListQuery,
  type Page,
  SUPPLY_SORTS,
  SUPPLY_STATES,
  type SupplyDeliveryInput,
  type SupplyDto,
  SupplyEvents,
  type SupplyLineDto,
  type SupplyListQuery,
  type SupplyScope,
  type SupplySort,
  type SupplyStatus,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { assertMayMarkDelivered, pageOf, raw } from '../shared/access';
import { ASSORTMENT_ITEM_SORTS, ASSORTMENT_SORTS, SuppliesRepository } from './supplies.repository';

/** A supply row of the repository as the API answers it (also the supplier feed's base, feed.service.ts). */
export function toSupplyDto(row: Record<string, unknown>): SupplyDto {
  const status = String(row.status) as SupplyStatus;
  return {
    id: raw.num(row.id),
    order_id: raw.num(row.order_id),
    supplier_id: raw.num(row.supplier_id),
    supplier: String(row.supplier_name),
    customer_id: raw.num(row.customer_id),
    customer: String(row.customer_name),
    location_id: raw.num(row.location_id),
    location: String(row.location_name),
    catalog_ext_id: String(row.catalog_ext_id),
    date: raw.day(row.order_date)!,
    shipping: raw.day(row.shipping)!,
    status,
    delivered: status === 'delivered',
    delivered_at: raw.iso(row.delivered_at),
    line_count: raw.num(row.line_count),
    delivered_count: raw.num(row.delivered_count),
    created_at: raw.iso(row.created_at)!,
    updated_at: raw.iso(row.updated_at)!,
  };
}

export function toLineDto(l: Record<string, unknown>): SupplyLineDto {
  return {
    pos: raw.num(l.pos),
    item_id: raw.num(l.item_id),
    sku: String(l.sku),
    name: String(l.name),
    quantity: raw.num(l.quantity),
    unit: String(l.unit),
    shipping: raw.day(l.shipping)!,
    catalog_id: raw.numOrNull(l.catalog_id),
    delivered: Boolean(l.delivered),
    delivered_at: raw.iso(l.delivered_at),
    delivered_by: raw.numOrNull(l.delivered_by),
  };
}

function orderOf(query: ListQuery): 'asc' | 'desc' | undefined {
  if (query.order === undefined) return undefined;
  if (query.order !== 'asc' && query.order !== 'desc') throw AppError.validation('order', 'must be asc or desc');
  return query.order;
}

function qOf(query: ListQuery): string {
  const q = query.q === undefined || query.q === null ? '' : String(query.q).trim();
  if (q.length > 100) throw AppError.validation('q', 'must be at most 100 characters');
  return q;
}

/**
 * Supplies of a supplier (docs/supplies.md): the list with state, days, search, sort and pages, the detail
 * with its lines, marking the whole supply or single lines delivered and taking them back (safe to repeat:
 * only real changes are written and published as evt.supply.delivery_changed), the assortment (customers
 * supplied, and the items supplied to one customer) and the last supplies of an item.
 */
@Injectable()
export class SuppliesService {
  constructor(
    @Inject(unitOfWorkToken('supply')) private readonly uow: UnitOfWork,
    private readonly repository: SuppliesRepository,
  ) {}

  /** A supplier outside the caller's supplier restrictions is unknown (404). */
  private async assertSupplierVisible(em: EntityManager, caller: CompanyCaller, scope: SupplyScope): Promise<void> {
    if (!(await this.repository.supplierVisible(em, caller, scope.supplierId))) throw new AppError(ProtocolCode.NotFound, 'supplier not found');
  }

  async list(caller: CompanyCaller, scope: SupplyScope, query: SupplyListQuery): Promise<Page<SupplyDto>> {
    const { page, perPage } = pageOf(query);
    const state = query.state ?? 'open';
    if (!SUPPLY_STATES.includes(state)) throw AppError.validation('state', `must be one of ${SUPPLY_STATES.join(', ')}`);
    const sort = (query.sort ?? 'created_at') as SupplySort;
    if (!SUPPLY_SORTS.includes(sort)) throw AppError.validation('sort', `must be one of ${SUPPLY_SORTS.join(', ')}`);
    const direction = orderOf(query) ?? (sort === 'created_at' || sort === 'order_id' ? 'desc' : 'asc');
    const days = query.days === undefined || query.days === null ? undefined : Number(query.days);
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650)) throw AppError.validation('days', 'must be a whole number from 1 to 3650');
    const q = qOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.assertSupplierVisible(em, caller, scope);
      const since = days !== undefined ? new Date(Date.now() - days * 86_400_000) : undefined;
      const { rows, total } = await this.repository.list(em, caller, scope, { state, since, q, sort, direction }, page, perPage);
      return { items: rows.map(toSupplyDto), total, page, per_page: perPage };
    });
  }

  get(caller: CompanyCaller, scope: SupplyScope, supplyId: number): Promise<SupplyDto> {
    return this.uow.forCompany(caller.companyId).read((em) => this.detail(em, caller, scope, supplyId));
  }

  /** PATCH supply/{id} `{delivered}`: every line delivered (true) or taken back (false). */
  setDelivered(caller: CompanyCaller, scope: SupplyScope, supplyId: number, input: SupplyDeliveryInput): Promise<SupplyDto> {
    return this.change(caller, scope, supplyId, null, input);
  }

  /** PATCH supply/{id}/line/{pos} `{delivered}`: one line. */
  setLineDelivered(caller: CompanyCaller, scope: SupplyScope, supplyId: number, pos: number, input: SupplyDeliveryInput): Promise<SupplyDto> {
    return this.change(caller, scope, supplyId, pos, input);
  }

  private async change(caller: CompanyCaller, scope: SupplyScope, supplyId: number, pos: number | null, input: SupplyDeliveryInput): Promise<SupplyDto> {
    const delivered = input?.delivered;
    if (typeof delivered !== 'boolean') throw AppError.validation('delivered', 'must be true (delivered) or false (not yet delivered)');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.assertSupplierVisible(em, caller, scope);
      // Locks the supply: concurrent changes of one supply apply one after the other (versions in order).
      if (!(await this.repository.lock(em, caller, scope, supplyId))) throw new AppError(ProtocolCode.NotFound, 'supply not found');
      assertMayMarkDelivered(caller);
      if (pos !== null && !(await this.repository.hasLine(em, supplyId, pos))) throw new AppError(ProtocolCode.NotFound, 'supply line not found');
      const now = new Date();
      const changed = await this.repository.markLines(em, caller, supplyId, pos, delivered, now);
      if (changed.length > 0) {
        const supply = await this.repository.recount(em, supplyId, now);
        addToOutbox(em, SupplyEvents.deliveryChanged, {
          id: supplyId,
          company_id: caller.companyId,
          order_id: raw.num(supply.order_id),
          supplier_id: raw.num(supply.supplier_id),
          user_id: caller.userId,
          version: raw.num(supply.version),
          delivered: supply.status === 'delivered',
          lines: changed
            .map((l) => ({ pos: raw.num(l.pos), delivered: Boolean(l.delivered), delivered_at: raw.iso(l.delivered_at) }))
            .sort((a, b) => a.pos - b.pos),
        });
        await em.flush();
      }
      return this.detail(em, caller, scope, supplyId);
    });
  }

  private async detail(em: EntityManager, caller: CompanyCaller, scope: SupplyScope, supplyId: number): Promise<SupplyDto> {
    await this.assertSupplierVisible(em, caller, scope);
    const row = await this.repository.supply(em, caller, scope, supplyId);
    if (!row) throw new AppError(ProtocolCode.NotFound, 'supply not found');
    const supply = toSupplyDto(row);
    const lines = await this.repository.lines(em, caller.companyId, supplyId);
    supply.lines = lines.map(toLineDto);
    return supply;
  }

  /** GET assortment: the customers the supplier supplies, with counts and the last supply. */
  async assortment(caller: CompanyCaller, scope: SupplyScope, query: ListQuery): Promise<Page<AssortmentCustomerDto>> {
    const { page, perPage } = pageOf(query);
    const sorts = ASSORTMENT_SORTS;
    const sort = query.sort ?? 'customer';
    if (!(sort in sorts)) throw AppError.validation('sort', `must be one of ${Object.keys(sorts).join(', ')}`);
    const direction = orderOf(query) ?? (sort === 'customer' ? 'asc' : 'desc');
    const q = qOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.assertSupplierVisible(em, caller, scope);
      const { rows, total } = await this.repository.assortment(em, caller, scope, { q, sort, direction }, page, perPage);
      return {
        items: rows.map((r) => ({
          customer_id: raw.num(r.customer_id),
          customer: String(r.customer),
          supplies: raw.num(r.supplies),
          open_supplies: raw.num(r.open_supplies),
          items: raw.num(r.items),
          last_supply_at: raw.iso(r.last_supply_at)!,
          last_delivered_at: raw.iso(r.last_delivered_at),
        })),
        total,
        page,
        per_page: perPage,
      };
    });
  }

  /** GET assortment/{customerID}: the items supplied to the customer, with quantities and the last delivery. */
  async assortmentCustomer(caller: CompanyCaller, scope: SupplyScope, customerId: number, query: ListQuery): Promise<Page<AssortmentItemDto>> {
    const { page, perPage } = pageOf(query);
    const sorts = ASSORTMENT_ITEM_SORTS;
    const sort = query.sort ?? 'sku';
    if (!(sort in sorts)) throw AppError.validation('sort', `must be one of ${Object.keys(sorts).join(', ')}`);
    const direction = orderOf(query) ?? (sort === 'sku' || sort === 'name' ? 'asc' : 'desc');
    const q = qOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.assertSupplierVisible(em, caller, scope);
      const { rows, total } = await this.repository.assortmentItems(em, caller, scope, customerId, { q, sort, direction }, page, perPage);
      return {
        items: rows.map((r) => ({
          item_id: raw.num(r.item_id),
          sku: String(r.sku),
          name: String(r.name),
          unit: String(r.unit),
          supplies: raw.num(r.supplies),
          quantity: raw.num(r.quantity),
          delivered_quantity: raw.num(r.delivered_quantity),
          last_supply_at: raw.iso(r.last_supply_at)!,
          last_delivered_at: raw.iso(r.last_delivered_at),
        })),
        total,
        page,
        per_page: perPage,
      };
    });
  }

  /** GET item/{itemID}/supplies: the last 10 supplies of the item (newest first). */
  async itemSupplies(caller: CompanyCaller, scope: SupplyScope, itemId: number): Promise<ItemSupplyDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.assertSupplierVisible(em, caller, scope);
      const rows = await this.repository.itemSupplies(em, caller, scope, itemId);
      return rows.map((r) => ({
        supply_id: raw.num(r.supply_id),
        order_id: raw.num(r.order_id),
        customer_id: raw.num(r.customer_id),
        customer: String(r.customer_name),
        location_id: raw.num(r.location_id),
        location: String(r.location_name),
        pos: raw.num(r.pos),
        quantity: raw.num(r.quantity),
        unit: String(r.unit),
        shipping: raw.day(r.shipping)!,
        delivered: Boolean(r.delivered),
        delivered_at: raw.iso(r.delivered_at),
        created_at: raw.iso(r.created_at)!,
      }));
    });
  }
}
