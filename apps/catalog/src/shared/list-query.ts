/** A case-insensitive LIKE pattern that matches `q` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/** Page and page size of a list query: page at least 1, 1..200 rows per page (default 50). */
export function pageOf(query: { page?: number; per_page?: number }): { page: number; perPage: number } {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const perPage = Math.min(200, Math.max(1, Math.floor(query.per_page ?? 50)));
  return { page, perPage };
}

/** The entity property a list is sorted by; values outside `columns` sort by `fallback`. */
export function sortProperty<K extends string>(sort: string | undefined, columns: Record<K, string>, fallback: K): string {
  return Object.prototype.hasOwnProperty.call(columns, sort ?? '') ? columns[sort as K] : columns[fallback];
}
