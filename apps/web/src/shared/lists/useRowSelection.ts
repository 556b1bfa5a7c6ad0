import { useCallback, useState } from 'react';

/**
 * The rows a user ticked in a list (by id): tick or untick one, clear all, and whether every row of a page is
 * ticked (for the header's "all on this page" box). Lists clear it when the page or the filter changes.
 */
export function useRowSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  const allSelected = (rows: { id: number }[]) => rows.length > 0 && rows.every((row) => selected.has(row.id));
  return { selected, toggle, clear, allSelected };
}
