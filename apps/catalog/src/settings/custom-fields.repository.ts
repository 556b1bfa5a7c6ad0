import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomFieldEntity } from '@kanban/contracts';
import { CustomField, CustomFieldValueRow } from './custom-field.entity';

/** The custom fields' queries (ORM, under the tenant filter of the caller's unit of work). */
@Injectable()
export class CustomFieldsRepository {
  /** The stored values of a field, loaded. */
  valuesOfField(em: EntityManager, fieldId: number): Promise<CustomFieldValueRow[]> {
    return em.find(CustomFieldValueRow, { fieldId });
  }

  countValuesOfField(em: EntityManager, fieldId: number): Promise<number> {
    return em.count(CustomFieldValueRow, { fieldId });
  }

  async deleteValuesOfField(em: EntityManager, fieldId: number): Promise<void> {
    await em.nativeDelete(CustomFieldValueRow, { fieldId });
  }

  /** The fields of a kind of record (in their order with `ordered`). */
  fields(em: EntityManager, kind: CustomFieldEntity, ordered = false): Promise<CustomField[]> {
    return ordered ? em.find(CustomField, { entity: kind }, { orderBy: { sort: 'asc', id: 'asc' } }) : em.find(CustomField, { entity: kind });
  }

  /** A record's stored values, loaded. */
  valuesOf(em: EntityManager, kind: CustomFieldEntity, entityId: number): Promise<CustomFieldValueRow[]> {
    return em.find(CustomFieldValueRow, { entity: kind, entityId });
  }
}
