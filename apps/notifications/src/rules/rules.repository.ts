import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationEvent, NotificationRuleType } from '@kanban/contracts';
import { containsPattern } from '@kanban/persistence';
import { EmailTemplate, FileTemplate } from '../templates/template.entity';
import { Server } from '../servers/server.entity';
import { NotificationRecipient } from './recipient.entity';
import { NotificationRule } from './rule.entity';

/** Which rules a list or a lookup covers: SQL over the alias `r` with its parameters. */
export type OwnerCondition = [string, unknown[]];

export interface RuleListFilter {
  q?: string;
  event?: NotificationEvent;
  type?: NotificationRuleType;
  active?: boolean;
  /** an SQL column of `r` */
  sort: string;
  direction: 'asc' | 'desc';
}

const TABLE = 'notifications.notification_rule';
const pgArray = (ids: number[]): string => `{${ids.join(',')}}`;

/** The owner conditions of docs/notification-rules.md "Lists" (visible ids: those the caller may see). */
export const ownerConditions = {
  /** a customer's own rules; `withLocations`: and those of its (visible) locations */
  customer(customerId: number, withLocations: number[] | null): OwnerCondition {
    if (withLocations === null) return ['r.customer_id = ? and r.location_id is null', [customerId]];
    return ['r.customer_id = ? and (r.location_id is null or r.location_id = any(?::int[]))', [customerId, pgArray(withLocations)]];
  },
  /**
   * a location's rules; `withCustomer`: and the customer's rules that apply to it (all_locations, or the location has
   * no active rule of its own for the same event)
   */
  location(customerId: number, locationId: number, withCustomer: boolean): OwnerCondition {
    if (!withCustomer) return ['r.customer_id = ? and r.location_id = ?', [customerId, locationId]];
    return [
      `r.customer_id = ? and (r.location_id = ? or (r.location_id is null and (r.all_locations or not exists (
         select 1 from ${TABLE} o where o.company_id = r.company_id and o.customer_id = r.customer_id and o.location_id = ? and o.active and o.event = r.event))))`,
      [customerId, locationId, locationId],
    ];
  },
  supplier(supplierId: number): OwnerCondition {
    return ['r.supplier_id = ?', [supplierId]];
  },
  /** the company overview: every rule whose owner the caller may see */
  visible(customers: number[], locations: number[], suppliers: number[]): OwnerCondition {
    return [
      '((r.customer_id = any(?::int[]) and (r.location_id is null or r.location_id = any(?::int[]))) or r.supplier_id = any(?::int[]))',
      [pgArray(customers), pgArray(locations), pgArray(suppliers)],
    ];
  },
};

/** The rules' queries (em bound to the caller's company by the unit of work; the SQL states the company too). */
@Injectable()
export class RulesRepository {
  /** The distinct owners of the company's rules (to ask the catalog which of them the caller may see). */
  async owners(em: EntityManager, companyId: number, customerId?: number): Promise<{ customers: number[]; locations: number[]; suppliers: number[] }> {
    const rows = await em.execute<{ customer_id: number | null; location_id: number | null; supplier_id: number | null }[]>(
      `select distinct r.customer_id, r.location_id, r.supplier_id from ${TABLE} r where r.company_id = ?${customerId !== undefined ? ' and r.customer_id = ?' : ''}`,
      customerId !== undefined ? [companyId, customerId] : [companyId],
    );
    const of = (key: 'customer_id' | 'location_id' | 'supplier_id') => [...new Set(rows.map((r) => r[key]).filter((v): v is number => v !== null))];
    return { customers: of('customer_id'), locations: of('location_id'), suppliers: of('supplier_id') };
  }

  /** A page of rules under the owner condition and the filter, with their recipients; and their number. */
  async list(em: EntityManager, companyId: number, owner: OwnerCondition, filter: RuleListFilter, page: number, perPage: number): Promise<[NotificationRule[], number]> {
    const where: string[] = ['r.company_id = ?', `(${owner[0]})`];
    const params: unknown[] = [companyId, ...owner[1]];
    if (filter.q) {
      where.push('r.name ilike ?');
      params.push(containsPattern(filter.q));
    }
    if (filter.event) {
      where.push('r.event = ?');
      params.push(filter.event);
    }
    if (filter.type) {
      where.push('r.type = ?');
      params.push(filter.type);
    }
    if (filter.active !== undefined) {
      where.push('r.active = ?');
      params.push(filter.active);
    }
    const sql = `from ${TABLE} r where ${where.join(' and ')}`;
    const [{ total }] = await em.execute<{ total: string | number }[]>(`select count(*) as total ${sql}`, params);
    const ids = (
      await em.execute<{ id: number }[]>(`select r.id ${sql} order by r.${filter.sort} ${filter.direction}, r.id asc limit ? offset ?`, [...params, perPage, (page - 1) * perPage])
    ).map((r) => Number(r.id));
    if (ids.length === 0) return [[], Number(total)];
    const rules = await em.find(NotificationRule, { id: { $in: ids } }, { populate: ['recipients'] });
    const byId = new Map<number, NotificationRule>(rules.map((r) => [r.id, r]));
    return [ids.flatMap((id) => byId.get(id) ?? []), Number(total)];
  }

  /** The rule of this owner (customer: location_id null) with its recipients; null when there is none. */
  record(em: EntityManager, id: number, owner: { customerId: number | null; locationId: number | null; supplierId: number | null }): Promise<NotificationRule | null> {
    return em.findOne(NotificationRule, { id, customerId: owner.customerId, locationId: owner.locationId, supplierId: owner.supplierId }, { populate: ['recipients'] });
  }

  /** Whether another rule (than `ownId`) of the same owner has this name. */
  async nameTaken(em: EntityManager, name: string, owner: { customerId: number | null; locationId: number | null; supplierId: number | null }, ownId: number | undefined): Promise<boolean> {
    const where = { name, customerId: owner.customerId, locationId: owner.locationId, supplierId: owner.supplierId, ...(ownId !== undefined ? { id: { $ne: ownId } } : {}) };
    return (await em.findOne(NotificationRule, where, { fields: ['id'] })) !== null;
  }

  /** The server's type (null: not in the company). */
  async serverType(em: EntityManager, id: number): Promise<Server['type'] | null> {
    return (await em.findOne(Server, { id }, { fields: ['type'] }))?.type ?? null;
  }

  async templateExists(em: EntityManager, kind: typeof EmailTemplate | typeof FileTemplate, id: number): Promise<boolean> {
    return (await em.findOne(kind as typeof EmailTemplate, { id }, { fields: ['id'] })) !== null;
  }

  /** The names of the company's servers among `ids`. */
  async serverNames(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await em.find(Server, { id: { $in: ids } }, { fields: ['id', 'name'] });
    return new Map(rows.map((s) => [s.id, s.name]));
  }

  /** The rules naming the contact as a recipient, with their recipients. */
  rulesWithContact(em: EntityManager, companyId: number, contactId: number): Promise<NotificationRule[]> {
    return em.find(NotificationRule, { companyId, recipients: { contactId } }, { populate: ['recipients'] });
  }

  /** The rules of a customer (its locations' too), a location or a supplier, with their recipients. */
  rulesOfOwner(em: EntityManager, companyId: number, of: { customerId: number } | { locationId: number } | { supplierId: number }): Promise<NotificationRule[]> {
    return em.find(NotificationRule, { companyId, ...of }, { populate: ['recipients'] });
  }

  newRecipient(em: EntityManager, rule: NotificationRule): NotificationRecipient {
    const recipient = em.create(NotificationRecipient, { companyId: rule.companyId, rule, kind: 'email' } as never);
    rule.recipients.add(recipient);
    return recipient;
  }
}
