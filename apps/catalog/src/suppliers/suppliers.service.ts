import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import {
  CatalogEvents,
  type CompanyCaller,
  type Page,
  type SupplierChanged,
  type SupplierDto,
  type SupplierInput,
  type SupplierListQuery,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { containsPattern, pageOf } from '../shared/list-query';
import { mayAccess, visibleCondition } from '../restrictions/restriction-scope';
import { Supplier } from './supplier.entity';
import { toSupplierDto } from './supplier.mapper';
import { applySupplierInput, normalizeSupplierInput, supplierSortProperty } from './supplier.rules';

@Injectable()
export class SuppliersService {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  async list(caller: CompanyCaller, query: SupplierListQuery): Promise<Page<SupplierDto>> {
    const { page, perPage } = pageOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      // Query builders do not apply the tenant filter: the company condition is explicit.
      const qb = em.createQueryBuilder(Supplier, 's').select('s.*').where({ companyId: caller.companyId });
      if (!query.all) qb.andWhere({ active: true });
      if (query.q) {
        const like = containsPattern(query.q);
        qb.andWhere({ $or: [{ name: { $ilike: like } }, { nr: { $ilike: like } }, { city: { $ilike: like } }] });
      }
      // Access restrictions narrow the list (set-wise, from the catalog's copy of identity's restrictions).
      qb.andWhere(...visibleCondition('supplier', 's', caller));
      const [rows, total] = await qb
        .orderBy({ [supplierSortProperty(query.sort)]: query.order === 'desc' ? 'desc' : 'asc', id: 'asc' })
        .limit(perPage)
        .offset((page - 1) * perPage)
        .getResultAndCount();
      return { items: rows.map(toSupplierDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, supplierId: number): Promise<SupplierDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => toSupplierDto(await supplierOrFail(em, caller, supplierId)));
  }

  async create(caller: CompanyCaller, raw: SupplierInput): Promise<SupplierDto> {
    const input = normalizeSupplierInput(raw, 'create');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await assertNrFree(em, input.nr, null);
        const supplier = em.create(Supplier, { companyId: caller.companyId, name: input.name! } as Supplier);
        applySupplierInput(supplier, input);
        await em.flush();
        announce(em, supplier);
        return toSupplierDto(supplier);
      }),
    );
  }

  async update(caller: CompanyCaller, supplierId: number, raw: SupplierInput): Promise<SupplierDto> {
    const input = normalizeSupplierInput(raw, 'update');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const supplier = await supplierOrFail(em, caller, supplierId);
        await assertNrFree(em, input.nr, supplier.id);
        applySupplierInput(supplier, input);
        supplier.updatedAt = new Date();
        await em.flush();
        announce(em, supplier);
        return toSupplierDto(supplier);
      }),
    );
  }

  /** Safe to repeat: setting the state it already has changes nothing and announces nothing. */
  async setActive(caller: CompanyCaller, supplierId: number, active: boolean): Promise<SupplierDto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const supplier = await supplierOrFail(em, caller, supplierId);
      if (supplier.active === active) return toSupplierDto(supplier);
      supplier.active = active;
      supplier.updatedAt = new Date();
      await em.flush();
      announce(em, supplier);
      return toSupplierDto(supplier);
    });
  }

  async remove(caller: CompanyCaller, supplierId: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const supplier = await supplierOrFail(em, caller, supplierId);
      announce(em, supplier, true);
      em.remove(supplier);
    });
  }
}

/** Unknown ids, other companies' suppliers and those the caller's restrictions exclude answer alike (404). */
async function supplierOrFail(em: EntityManager, caller: CompanyCaller, supplierId: number): Promise<Supplier> {
  const supplier = await em.findOne(Supplier, supplierId);
  if (!supplier || !(await mayAccess(em, 'supplier', caller, supplier.id))) throw new AppError(ProtocolCode.NotFound, 'supplier not found');
  return supplier;
}

/** 1059 when another supplier of the company has this number (the unique index catches races). */
async function assertNrFree(em: EntityManager, nr: string | undefined, ownId: number | null): Promise<void> {
  if (!nr) return;
  const clash = await em.findOne(Supplier, ownId === null ? { nr } : { nr, id: { $ne: ownId } }, { fields: ['id'] });
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

function announce(em: EntityManager, supplier: Supplier, deleted = false): void {
  const data: SupplierChanged = { id: supplier.id, company_id: supplier.companyId, name: supplier.name, active: supplier.active };
  if (deleted) data.deleted = true;
  addToOutbox(em, CatalogEvents.supplierChanged, data);
}
