import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, CustomFieldEntity } from '@kanban/contracts';

/** What a dependency check is asked about: the record to be deleted (or whose key is to change). */
export interface DependencySubject {
  companyId: number;
  id: number;
  /** the unit's code (units only) */
  code?: string;
}

/** The kinds whose deletion other parts of the catalog can hold up (1007): units, storage types, sensors. */
export type DependencyKind = 'unit' | 'storage_type' | 'sensor';

/**
 * Counts records of one kind that depend on a unit or storage type, inside the deleting transaction
 * (`em` is bound to the company). Answers how many there are; 0 lets the delete go on.
 */
export type DependencyCheck = (em: EntityManager, subject: DependencySubject) => Promise<number>;

/**
 * Whether a record of a kind that may carry custom field values exists and the caller may see it
 * (restrictions included), inside the caller's transaction.
 */
export type RecordVisibility = (em: EntityManager, caller: CompanyCaller, id: number) => Promise<boolean>;

/**
 * The hooks by which other parts of the catalog plug into the settings, registered once at start
 * (e.g. in a service's constructor or `onModuleInit`):
 * - `dependsOn('unit', 'items', check)`: deleting a unit (or changing its code) answers 1007 while the
 *   check counts records using it. Items register the count of items whose item_unit or order_unit is the
 *   unit's code; storages register theirs for storage types and units; a rack's bins may register theirs for
 *   sensors (the racks naming a sensor are named by SensorsService itself).
 * - `records('location', visible)`: custom field values can be read and written for records of the kind
 *   (404 for ids the function does not see). Customers and suppliers are registered by the settings module.
 */
@Injectable()
export class SettingsHooks {
  private readonly checks: Record<DependencyKind, { name: string; check: DependencyCheck }[]> = {
    unit: [],
    storage_type: [],
    sensor: [],
  };
  private readonly visibility = new Map<CustomFieldEntity, RecordVisibility>();

  dependsOn(kind: DependencyKind, name: string, check: DependencyCheck): void {
    this.checks[kind].push({ name, check });
  }

  records(kind: CustomFieldEntity, visible: RecordVisibility): void {
    this.visibility.set(kind, visible);
  }

  /** The names and counts of the dependents of a record (only the kinds that have any). */
  async dependents(kind: DependencyKind, em: EntityManager, subject: DependencySubject): Promise<{ name: string; count: number }[]> {
    const found: { name: string; count: number }[] = [];
    for (const { name, check } of this.checks[kind]) {
      const count = await check(em, subject);
      if (count > 0) found.push({ name, count });
    }
    return found;
  }

  /** Whether the record exists and the caller sees it; false for kinds nobody registered yet. */
  async visible(kind: CustomFieldEntity, em: EntityManager, caller: CompanyCaller, id: number): Promise<boolean> {
    const visible = this.visibility.get(kind);
    return visible ? visible(em, caller, id) : false;
  }
}
