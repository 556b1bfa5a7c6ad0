import { Injectable } from '@nestjs/common';
import { AppError } from '@kanban/access';
import {
  type CompanyCaller,
  type NamedRestrictionDto,
  type RestrictionDto,
  type RestrictionKind,
  type TargetsReply,
  type TargetsRequest,
  UserAdminSubjects,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';

export interface RestrictionTargetInput {
  customer_id?: number | null;
  location_id?: number | null;
  supplier_id?: number | null;
}

/**
 * Joins identity's access restrictions (ids only) with the catalog's names, over the bus: the names stay
 * in the catalog, so a renamed customer shows its new name at once and nothing is copied.
 */
@Injectable()
export class RestrictionTargets {
  constructor(private readonly bus: ServiceBus) {}

  lookup(request: TargetsRequest): Promise<TargetsReply> {
    return this.bus.request(UserAdminSubjects.targets, request);
  }

  /** The restrictions with the names of what they point to (null: gone, or hidden from the caller). */
  async named(caller: CompanyCaller, rows: RestrictionDto[]): Promise<NamedRestrictionDto[]> {
    if (rows.length === 0) return [];
    const found = await this.lookup({
      caller,
      customer_ids: ids(rows, 'customer_id'),
      location_ids: ids(rows, 'location_id'),
      supplier_ids: ids(rows, 'supplier_id'),
    });
    const names = {
      customer: new Map(found.customers.map((t) => [t.id, t.name])),
      location: new Map(found.locations.map((t) => [t.id, t.name])),
      supplier: new Map(found.suppliers.map((t) => [t.id, t.name])),
    };
    return rows.map((row) => {
      const kind = kindOf(row);
      return { ...row, kind, name: names[kind].get(row[`${kind}_id`]!) ?? null };
    });
  }

  /** A new restriction must point to a customer, location or supplier of the company that the caller sees (1000 naming the field). */
  async assertExists(caller: CompanyCaller, input: RestrictionTargetInput): Promise<void> {
    const found = await this.lookup({
      caller,
      customer_ids: input.customer_id ? [input.customer_id] : [],
      location_ids: input.location_id ? [input.location_id] : [],
      supplier_ids: input.supplier_id ? [input.supplier_id] : [],
    });
    if (input.customer_id && found.customers.length === 0)
      throw AppError.validation('customer_id', 'customer not found');
    if (input.supplier_id && found.suppliers.length === 0)
      throw AppError.validation('supplier_id', 'supplier not found');
    if (input.location_id && found.locations.length === 0)
      throw AppError.validation('location_id', 'location not found');
  }
}

function kindOf(row: RestrictionDto): RestrictionKind {
  if (row.customer_id !== null) return 'customer';
  if (row.location_id !== null) return 'location';
  return 'supplier';
}

function ids(rows: RestrictionDto[], key: 'customer_id' | 'location_id' | 'supplier_id'): number[] {
  return rows.map((r) => r[key]).filter((id): id is number => id !== null);
}
