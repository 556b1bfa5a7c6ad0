import type { EntityMetadata, Platform } from '@mikro-orm/core';
import type { ImageOwnerField } from '@kanban/contracts';

/** A condition of a list: SQL with `?` placeholders and its values in order. */
export type SqlCondition = [string, unknown[]];

/** The column of an entity property (e.g. `customerId` -> `customer_id`); throws for an unknown property. */
export function columnOf(meta: EntityMetadata, property: string): string {
  const column = meta.properties[property as never]?.fieldNames?.[0];
  if (!column) throw new Error(`${meta.className} has no column for ${property}`);
  return column;
}

/**
 * The conditions of a plain filter object of equalities (`{ customerId: 3 }`, `{ disabled: false }`,
 * `{ inactiveAt: null }`) on `alias`: `=` a bound value, `is null` for null, nothing for undefined (as the
 * ORM's ignoreUndefinedInQuery does). Anything else (operators, relations) throws: such filters need SQL.
 */
export function equalityConditions(meta: EntityMetadata, alias: string, where: object | undefined): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  for (const [property, value] of Object.entries(where ?? {})) {
    if (value === undefined) continue;
    const column = `${alias}.${columnOf(meta, property)}`;
    if (value === null) conditions.push([`${column} is null`, []]);
    else if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') conditions.push([`${column} = ?`, [value]]);
    else throw new Error(`unsupported list condition on ${meta.className}.${property}`);
  }
  return conditions;
}

export interface ListStatementSpec {
  /** the table, e.g. `catalog.item` */
  table: string;
  alias: string;
  /** the columns of a row to read (named, not `*`: a prepared statement's result must not change with the table) */
  columns: string[];
  /** all must hold (the company condition among them); empty SQL is left out */
  conditions: SqlCondition[];
  sortColumn: string;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
  /** the rows' images as JSON (`list_images`), for kinds with images */
  images?: { companyId: number; owner: ImageOwnerField };
}

/**
 * One statement answering a list page, its total and the rows' images: the filtered rows are matched once as
 * narrow (id, sort key) pairs in a materialized CTE, counted, and only the page's rows are read whole (`columns`),
 * with `list_total` and `list_images`. Ties of the sort key go by id; a page past the end answers one row with
 * only `list_total` (the page's columns null). Values are bound (`?`), so the text depends only on the kind of
 * list (which conditions, sort, direction), not on the values: a stable text PostgreSQL can keep prepared.
 */
export function listStatement(spec: ListStatementSpec): SqlCondition {
  const { table, alias, sortColumn, direction } = spec;
  if (direction !== 'asc' && direction !== 'desc') throw new Error(`invalid direction ${String(direction)}`);
  const params: unknown[] = [];
  const where: string[] = [];
  for (const [sql, values] of spec.conditions) {
    if (!sql) continue;
    where.push(`(${sql})`);
    params.push(...values);
  }
  let images = '';
  if (spec.images) {
    images = `, (select coalesce(json_agg(json_build_object('id', i.id, 'blob_key', i.blob_key, 'selected', i.selected, 'selected_label', i.selected_label)
               order by i.selected desc, i.id), '[]'::json) from catalog.image i
             where i.company_id = ? and i.owner_field = ? and i.owner_id = t.id) as list_images`;
    params.push(spec.images.companyId, spec.images.owner);
  }
  params.push(spec.perPage, (spec.page - 1) * spec.perPage);
  const sql = `with list_match as materialized (select ${alias}.id as list_id, ${alias}.${sortColumn} as list_sort from ${table} as ${alias}${
    where.length > 0 ? ` where ${where.join(' and ')}` : ''
  })
         select ${spec.columns.map((column) => `t.${column}`).join(', ')}, c.list_total${images}
           from (select count(*) as list_total from list_match) c
           left join lateral (select list_id, list_sort from list_match order by list_sort ${direction}, list_id asc
                               limit ? offset ?) p on true
           left join ${table} t on t.id = p.list_id
          order by p.list_sort ${direction}, p.list_id asc`;
  return [sql, params];
}

/**
 * A mapper of raw rows (column names, values as the driver answers them) to plain records (property names),
 * giving what the ORM's result mapper gives for these scalar columns: booleans as booleans, datetimes as Date
 * (strings parsed in the configured timezone, as the ORM parses them), everything else as it came; columns
 * without a property are left out. Built once per entity; about half the ORM mapper's work per row.
 */
export function rowMapper<E>(meta: EntityMetadata<E>, platform: Platform): (row: Record<string, unknown>) => E {
  const timezone = platform.getTimezone();
  const toDate = (value: unknown): unknown => {
    if (value === null || value === undefined || value instanceof Date) return value;
    if (typeof value === 'bigint') return platform.parseDate(Number(value));
    if (!timezone || timezone === 'local' || typeof value === 'number') return platform.parseDate(value as string);
    const text = String(value);
    if (text.includes('+') || text.lastIndexOf('-') > 10 || text.endsWith('Z')) return platform.parseDate(text);
    return platform.parseDate(text + timezone);
  };
  const toBoolean = (value: unknown): unknown => (value === null || value === undefined ? value : !!value);
  const columns = scalarProperties(meta).map((prop): [string, string, ((value: unknown) => unknown) | null] => [
    prop.fieldNames[0]!,
    prop.name,
    prop.runtimeType === 'boolean' ? toBoolean : prop.runtimeType === 'Date' && !platform.isNumericProperty(prop) ? toDate : null,
  ]);
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const [column, property, convert] of columns) {
      const value = row[column];
      if (value !== undefined) record[property] = convert ? convert(value) : value;
    }
    return record as E;
  };
}

/** The columns of an entity's table, the ones rowMapper maps: to name them in a statement. */
export function columnsOf(meta: EntityMetadata): string[] {
  return scalarProperties(meta).map((prop) => prop.fieldNames[0]!);
}

function scalarProperties<E>(meta: EntityMetadata<E>) {
  for (const prop of meta.props) {
    if (!prop.fieldNames || prop.fieldNames.length !== 1 || prop.embedded || prop.kind !== 'scalar') {
      throw new Error(`${meta.className}.${prop.name}: only tables of scalar columns can be listed this way`);
    }
  }
  return meta.props;
}
