import type { SupplierDto } from '@kanban/contracts';
import { addressDto } from '../shared/addressed-record.rules';
import type { Supplier } from './supplier.entity';

export function toSupplierDto(supplier: Supplier): SupplierDto {
  return {
    id: supplier.id,
    name: supplier.name,
    nr: supplier.nr ?? '',
    ext_nr: supplier.extNr,
    description: supplier.description,
    ...addressDto(supplier),
    active: supplier.active,
    images: [],
    created_at: supplier.createdAt.toISOString(),
    updated_at: supplier.updatedAt.toISOString(),
  };
}
