import type { SupplierDto } from '@kanban/contracts';
import type { Supplier } from './supplier.entity';

export function toSupplierDto(supplier: Supplier): SupplierDto {
  return {
    id: supplier.id,
    name: supplier.name,
    nr: supplier.nr ?? '',
    ext_nr: supplier.extNr,
    description: supplier.description,
    street: supplier.street,
    postal: supplier.postal,
    city: supplier.city,
    state: supplier.state,
    country_iso: supplier.countryIso,
    active: supplier.active,
    images: [],
    created_at: supplier.createdAt.toISOString(),
    updated_at: supplier.updatedAt.toISOString(),
  };
}
