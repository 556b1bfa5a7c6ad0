export { containsPattern, pageOf } from '@kanban/persistence';

/** The entity property a list is sorted by; values outside `columns` sort by `fallback`. */
export function sortProperty<K extends string>(sort: string | undefined, columns: Record<K, string>, fallback: K): string {
  return sort !== undefined && Object.hasOwn(columns, sort) ? columns[sort as K] : columns[fallback];
}
