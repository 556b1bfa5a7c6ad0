import { useState } from 'react';
import type { Sorting } from './ListControls';
import { useDebounced } from './useDebounced';

/**
 * State of a list filtered, sorted and paged on the server: the filter text (queried once typing pauses),
 * show-all (inactive entries too), sorting and page; changing filter, show-all or sorting goes to page 1.
 */
export function useServerList<K extends string>(initialSort: K, perPage = 25) {
  const [filter, setFilterText] = useState('');
  const [all, setAllFlag] = useState(false);
  const [sorting, setSortingState] = useState<Sorting<K>>({ sort: initialSort, order: 'asc' });
  const [page, setPage] = useState(1);
  const q = useDebounced(filter.trim());
  return {
    filter,
    setFilter: (value: string) => {
      setFilterText(value);
      setPage(1);
    },
    all,
    setAll: (value: boolean) => {
      setAllFlag(value);
      setPage(1);
    },
    sorting,
    setSorting: (value: Sorting<K>) => {
      setSortingState(value);
      setPage(1);
    },
    page,
    setPage,
    /** clears the search (the list's filter), back to page 1 */
    reset: () => {
      setFilterText('');
      setPage(1);
    },
    /** the query parameters of the list call */
    params: { all, q: q || undefined, ...sorting, page, per_page: perPage },
    filtered: q !== '',
  };
}
