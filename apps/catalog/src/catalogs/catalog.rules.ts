import { AppError } from '@kanban/access';
import type { CatalogDto, CatalogInput, CatalogSort } from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';
import type { Catalog } from './catalog.entity';

const TEXT_FIELDS = { name: 200, contract_name: 200, description: 2000, ext_system_id: 100 } as const;

/** The service's own check of a catalog payload: trims texts, name required on create; 1000 naming the field. */
export function normalizeCatalogInput(input: CatalogInput, mode: 'create' | 'update'): CatalogInput {
  const out: CatalogInput = {};
  for (const [field, max] of Object.entries(TEXT_FIELDS) as [keyof CatalogInput, number][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    const trimmed = value.trim();
    if (trimmed.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
    out[field] = trimmed;
  }
  if (mode === 'create' && out.name === undefined) throw AppError.validation('name', 'is required');
  if (out.name !== undefined && out.name.length === 0) throw AppError.validation('name', 'should not be empty');
  return out;
}

export function applyCatalogInput(catalog: Catalog, input: CatalogInput): void {
  if (input.name !== undefined) catalog.name = input.name;
  if (input.contract_name !== undefined) catalog.contractName = input.contract_name;
  if (input.description !== undefined) catalog.description = input.description;
  if (input.ext_system_id !== undefined) catalog.extSystemId = input.ext_system_id;
}

const SORT_COLUMNS: Record<CatalogSort, string> = {
  name: 'name',
  contract_name: 'contractName',
  ext_system_id: 'extSystemId',
  created_at: 'createdAt',
};

export function catalogSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}

export function toCatalogDto(c: Catalog): CatalogDto {
  return {
    id: c.id,
    supplier_id: c.supplierId,
    name: c.name,
    contract_name: c.contractName,
    description: c.description,
    ext_system_id: c.extSystemId,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
