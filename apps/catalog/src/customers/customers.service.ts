import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import {
  CatalogEvents,
  type CompanyCaller,
  type CustomerChanged,
  type CustomerDto,
  type CustomerInput,
  type CustomerListQuery,
  type Page,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { Customer } from './customer.entity';
import { toCustomerDto } from './customer.mapper';
import { containsPattern, pageOf } from '../shared/list-query';
import { mayAccess, visibleCondition } from '../restrictions/restriction-scope';
import { applyCustomerInput, customerSortProperty, normalizeCustomerInput } from './customer.rules';

@Injectable()
export class CustomersService {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  async list(caller: CompanyCaller, query: CustomerListQuery): Promise<Page<CustomerDto>> {
    const { page, perPage } = pageOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      // Query builders do not apply the tenant filter: the company condition is explicit.
      const qb = em.createQueryBuilder(Customer, 'c').select('c.*').where({ companyId: caller.companyId });
      if (!query.all) qb.andWhere({ inactive: false });
      if (query.q) {
        const like = containsPattern(query.q);
        qb.andWhere({ $or: [{ name: { $ilike: like } }, { nr: { $ilike: like } }, { city: { $ilike: like } }] });
      }
      // Access restrictions narrow the list (set-wise, from the catalog's copy of identity's restrictions).
      qb.andWhere(...visibleCondition('customer', 'c', caller));
      const [rows, total] = await qb
        .orderBy({ [customerSortProperty(query.sort)]: query.order === 'desc' ? 'desc' : 'asc', id: 'asc' })
        .limit(perPage)
        .offset((page - 1) * perPage)
        .getResultAndCount();
      return { items: rows.map(toCustomerDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, customerId: number): Promise<CustomerDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => toCustomerDto(await customerOrFail(em, caller, customerId)));
  }

  async create(caller: CompanyCaller, raw: CustomerInput): Promise<CustomerDto> {
    const input = normalizeCustomerInput(raw, 'create');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await assertNrFree(em, input.nr, null);
        const customer = em.create(Customer, { companyId: caller.companyId, name: input.name! } as Customer);
        applyCustomerInput(customer, input);
        await em.flush();
        announce(em, customer);
        return toCustomerDto(customer);
      }),
    );
  }

  async update(caller: CompanyCaller, customerId: number, raw: CustomerInput): Promise<CustomerDto> {
    const input = normalizeCustomerInput(raw, 'update');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const customer = await customerOrFail(em, caller, customerId);
        await assertNrFree(em, input.nr, customer.id);
        applyCustomerInput(customer, input);
        customer.updatedAt = new Date();
        await em.flush();
        announce(em, customer);
        return toCustomerDto(customer);
      }),
    );
  }

  /** Safe to repeat: setting the state it already has changes nothing and announces nothing. */
  async setActive(caller: CompanyCaller, customerId: number, active: boolean): Promise<CustomerDto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const customer = await customerOrFail(em, caller, customerId);
      if (customer.inactive === !active) return toCustomerDto(customer);
      customer.inactive = !active;
      customer.updatedAt = new Date();
      await em.flush();
      announce(em, customer);
      return toCustomerDto(customer);
    });
  }

  async remove(caller: CompanyCaller, customerId: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const customer = await customerOrFail(em, caller, customerId);
      announce(em, customer, true);
      em.remove(customer);
    });
  }
}

/** Unknown ids, other companies' customers and those the caller's restrictions exclude answer alike (404). */
async function customerOrFail(em: EntityManager, caller: CompanyCaller, customerId: number): Promise<Customer> {
  const customer = await em.findOne(Customer, customerId);
  if (!customer || !(await mayAccess(em, 'customer', caller, customer.id))) throw new AppError(ProtocolCode.NotFound, 'customer not found');
  return customer;
}

/** 1059 when another customer of the company has this number (the unique index catches races). */
async function assertNrFree(em: EntityManager, nr: string | undefined, ownId: number | null): Promise<void> {
  if (!nr) return;
  const clash = await em.findOne(Customer, ownId === null ? { nr } : { nr, id: { $ne: ownId } }, { fields: ['id'] });
  if (clash) throw new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'nr' });
}

async function duplicateAs1059<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'nr' });
    throw error;
  }
}

function announce(em: EntityManager, customer: Customer, deleted = false): void {
  const data: CustomerChanged = { id: customer.id, company_id: customer.companyId, name: customer.name, inactive: customer.inactive };
  if (deleted) data.deleted = true;
  addToOutbox(em, CatalogEvents.customerChanged, data);
}
