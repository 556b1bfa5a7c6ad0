import { Stack } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import type { Page } from '@kanban/contracts';
import { type ReactNode, useState } from 'react';
import { useViewer } from '../session/useViewer';
import { type EntityListActions, type EntityListProps, type EntityListTexts, EntityList } from './EntityList';
import { ListFrame } from './ListFrame';
import { useServerList } from './useServerList';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The locale sections of the list pages built on ListPage (each has title, create, filter, none and the delete texts). */
export type ListTextsKey =
  | 'customers'
  | 'suppliers'
  | 'locations'
  | 'settings.units'
  | 'settings.storageTypes'
  | 'settings.customFields'
  | 'sensors'
  | 'servers'
  | 'emailTemplates'
  | 'fileTemplates';
/** The sections that also have the texts after (de)activating. */
export type StatusTextsKey = 'customers' | 'suppliers' | 'locations';

export interface ListPageTexts extends EntityListTexts {
  title: string;
  create: string;
  filter: string;
}

/** The texts of a list page from its locale section. */
export function listTexts(t: Translate, section: ListTextsKey): ListPageTexts {
  return {
    title: t(`${section}.title`),
    create: t(`${section}.create`),
    filter: t(`${section}.filter`),
    none: t(`${section}.none`),
    noMatch: t(`${section}.noMatch`, { defaultValue: t('lists.noMatch') }),
    deleted: (name) => t(`${section}.deleted`, { name }),
    deleteTitle: t(`${section}.deleteTitle`),
    deleteText: (name) => t(`${section}.deleteText`, { name }),
  };
}

/** The messages after activating and deactivating a record, from its locale section. */
export function statusTexts(t: Translate, section: StatusTextsKey): { activated: (name: string) => string; deactivated: (name: string) => string } {
  return {
    activated: (name) => t(`${section}.activated`, { name }),
    deactivated: (name) => t(`${section}.deactivated`, { name }),
  };
}

/**
 * State of a list page: whether the viewer may write (user group), the server-side list (filter, sorting,
 * page; show-all only for records with an inactive state) and the record in the create/edit dialog.
 * `params` are the list call's query parameters; lists with show-all add `all: list.all` themselves.
 */
export function useListPage<T, K extends string>(initialSort: K, options: { showAll?: boolean } = {}) {
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<K>(initialSort);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const { all: _all, ...params } = list.params;
  return { canWrite, list, params, showAll: options.showAll ?? false, editing, setEditing };
}

export type ListPageState<T, K extends string> = ReturnType<typeof useListPage<T, K>>;

interface Props<T extends { id: number }, K extends string>
  extends Pick<EntityListProps<T, K>, 'columns' | 'nameOf' | 'status' | 'failureText' | 'confirmWithImages'> {
  /**
   * Test id stem: the page is `${kind}s-page`, the create button `${kind}-create`, the filter `${kind}-filter`,
   * rows `${kind}-row-${id}`, row actions `${kind}-actions-${id}`.
   */
  kind: string;
  state: ListPageState<T, K>;
  /** the list call's answer */
  result: { data?: Page<T>; error?: unknown; isFetching: boolean };
  texts: ListPageTexts;
  /** delete (and for records with a status, setActive); edit opens the dialog. Offered to writers only. */
  actions: Omit<EntityListActions<T>, 'edit'>;
  /** the create (record null) or edit dialog */
  dialog: (record: T | null, onClose: () => void) => ReactNode;
  /** above the list (the context header, tabs) */
  header?: ReactNode;
  /** inside the frame above the table (further filters) */
  filters?: ReactNode;
  /** further filters are set (the empty list then says "no match") */
  filtered?: boolean;
  /** clears the further filters (with the search, by the empty list's reset button) */
  onResetFilters?: () => void;
}

/**
 * A list page of master data or settings: heading, create button (writers), server-side filter, show-all
 * toggle (records with an inactive state), the table with its row actions and pages, and the create/edit dialog.
 */
export function ListPage<T extends { id: number }, K extends string>({
  kind,
  state,
  result,
  texts,
  actions,
  dialog,
  header,
  filters,
  filtered = false,
  onResetFilters,
  ...table
}: Props<T, K>) {
  const { canWrite, list, showAll, editing, setEditing } = state;
  return (
    <Stack gap="4">
      {header}
      <ListFrame
        title={texts.title}
        testId={`${kind}s-page`}
        create={canWrite ? { label: texts.create, onClick: () => setEditing('new'), testId: `${kind}-create` } : undefined}
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={texts.filter}
        filterTestId={`${kind}-filter`}
        all={showAll ? list.all : undefined}
        onAll={showAll ? list.setAll : undefined}
        error={result.error}
      >
        {filters}
        <EntityList
          {...table}
          kind={kind}
          rows={result.data?.items}
          page={result.data}
          onPage={list.setPage}
          fetching={result.isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          actions={canWrite ? { ...actions, edit: setEditing } : undefined}
          texts={texts}
          filtered={list.filtered || filtered}
          onReset={() => {
            list.reset();
            onResetFilters?.();
          }}
        />
        {editing ? dialog(editing === 'new' ? null : editing, () => setEditing(null)) : null}
      </ListFrame>
    </Stack>
  );
}
