import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImageOwnerField } from '@kanban/contracts';
import { queryBound, raw, StatementNames } from '@kanban/persistence';
import { containsPattern } from './list-query';
import { columnOf, columnsOf, equalityConditions, listStatement, rowMapper, type SqlCondition } from './list-statement';

/** The names of the list statements this process prepared (one per text: kind, conditions, sort, direction). */
const listStatementNames = new StatementNames('catalog_list');
const SEARCHES = /\b(?:i?like)\b/i;

/** A list page's record with the images of its row (when the kind has images). */
export interface ListedRecord<E> {
  record: E;
  images: { id: number; blob_key: string; selected: boolean; selected_label: boolean }[];
}

/** What a master-data list asks for (MasterDataService checks the caller and the parent first). */
export interface MasterDataListArgs<E> {
  companyId: number;
  /** the parent's property and id, for records under a parent */
  parent?: { property: string; id: number | undefined };
  where?: FilterQuery<E>;
  sql?: SqlCondition[];
  /** the condition that keeps only active records, unless the list wants all */
  activeOnly?: FilterQuery<E>;
  q?: string;
  /** the caller's access restrictions as a condition on the alias ('' for none) */
  visible: SqlCondition;
  sortProperty: string;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
  /** the image owner field of the kind, for the rows' images */
  imageOwner?: ImageOwnerField;
}

/** The queries of one kind of master data (customers, suppliers, locations, catalogs, items), for MasterDataService. */
export class MasterDataRepository<E extends { id: number }> {
  /** The columns of the kind's table and its rows to plain records (built on the first list). */
  private columns?: string[];
  private toRecord?: (row: Record<string, unknown>) => E;

  constructor(
    private readonly entity: EntityClass<E>,
    private readonly alias: string,
  ) {}

  /**
   * One statement answers the page, its total and the rows' images (listStatement), written as SQL with bound
   * values rather than by the query builder (building it was a fifth of the catalog's CPU per search). A page
   * is only read, so its rows are mapped to plain objects (column names to property names, types converted)
   * instead of managed entities: hydration, identity map and change-tracking snapshots were most of a list
   * call's time (see docs/items.md, "Benchmark").
   */
  async list(em: EntityManager, args: MasterDataListArgs<E>): Promise<{ rows: ListedRecord<E>[]; total: number }> {
    const { alias } = this;
    const meta = em.getMetadata().get(this.entity.name);
    // The tenant filter applies to ORM finds only: the company condition is explicit.
    const conditions: SqlCondition[] = [[`${alias}.company_id = ?`, [args.companyId]]];
    if (args.parent) conditions.push(...equalityConditions(meta, alias, { [args.parent.property]: args.parent.id }));
    conditions.push(...equalityConditions(meta, alias, args.where as object | undefined));
    conditions.push(...(args.sql ?? []));
    if (args.activeOnly) conditions.push(...equalityConditions(meta, alias, args.activeOnly as object));
    if (args.q) {
      const like = containsPattern(args.q);
      const columns = ['name', 'nr', 'city'].filter((property) => meta.properties[property as never]).map((property) => `${alias}.${columnOf(meta, property)}`);
      conditions.push([`(${columns.map((column) => `${column} ilike ?`).join(' or ')})`, columns.map(() => like)]);
    }
    // Access restrictions narrow the list (set-wise, from the catalog's copy of identity's restrictions).
    conditions.push(args.visible);
    const [sql, params] = listStatement({
      table: `catalog.${meta.tableName}`,
      alias,
      columns: (this.columns ??= columnsOf(meta)),
      conditions,
      sortColumn: meta.properties[args.sortProperty as keyof E & string]?.fieldNames[0] ?? 'id',
      direction: args.direction,
      page: args.page,
      perPage: args.perPage,
      images: args.imageOwner ? { companyId: args.companyId, owner: args.imageOwner } : undefined,
    });
    // Searches (LIKE patterns) run unnamed, so each is planned with its values: a prepared statement's generic
    // plan cannot use the prefix indexes for a pattern given as a parameter, and could be picked for every
    // company after a few searches in small ones. The other lists' plans do not depend on the values much.
    const name = SEARCHES.test(sql) ? undefined : listStatementNames.of(sql);
    const found = await queryBound<Record<string, unknown>>(em, sql, params, name);
    const total = Number(found[0]?.list_total ?? 0);
    const toRecord = (this.toRecord ??= rowMapper<E>(meta, em.getPlatform()));
    const rows: ListedRecord<E>[] = [];
    for (const row of found) {
      if (row.id === null || row.id === undefined) continue; // a page past the end: only the total
      const images = args.imageOwner ? (raw.json<ListedRecord<E>['images'] | null>(row.list_images) ?? []) : [];
      rows.push({ record: toRecord(row), images });
    }
    return { rows, total };
  }

  /** A record (within the scope's extra conditions), loaded. */
  record(em: EntityManager, id: number, where?: FilterQuery<E>): Promise<E | null> {
    return em.findOne(this.entity, { ...(where as object), id } as unknown as FilterQuery<E>);
  }

  /** Whether another record (than `ownId`) of the company, or of the parent, has the number. */
  async nrTaken(em: EntityManager, nr: string, ownId: number | null, parent?: { property: string; id: number | undefined }): Promise<boolean> {
    const scope = parent ? { [parent.property]: parent.id } : {};
    const where = (ownId === null ? { nr, ...scope } : { nr, id: { $ne: ownId }, ...scope }) as unknown as FilterQuery<E>;
    return (await em.findOne(this.entity, where, { fields: ['id'] as never })) !== null;
  }
}
