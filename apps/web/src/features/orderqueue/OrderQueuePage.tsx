import { AccessGroup, hasRole } from '@kanban/access';
import { Button, Card, CloseButton, Flex, Heading, Input, Stack, Tag } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { EmptyList } from '../../shared/lists/EmptyList';
import { Pager, type Sorting } from '../../shared/lists/ListControls';
import { useDebounced } from '../../shared/lists/useDebounced';
import { useViewer } from '../../shared/session/useViewer';
import {
  type OrderQueueSort,
  type OrderQueueState,
  useDeleteQueueEntriesMutation,
  useOrderQueueQuery,
  useRequeueOrdersMutation,
} from './orderQueueApi';
import { OrderQueueTable } from './OrderQueueTable';
import { useRowSelection } from '../../shared/lists/useRowSelection';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';
import { FilterSelect } from '../../shared/lists/FilterSelect';

const PER_PAGE = 25;
const STATES: OrderQueueState[] = ['waiting', 'error', 'transmitted'];

/**
 * /c/{companyID}/orderqueue: orders waiting for their transmission and failed ones (the switch adds transmitted
 * ones), filtered by state (`?state=error` from the dashboards) and text, optionally of one customer
 * (`?customer=`), sorted and paged on the server. Staff who may change data select rows and requeue them or
 * delete them (asks first). Each row opens its entry and its order.
 */
export function OrderQueuePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyID = Number(useParams().companyID);
  const [search, setSearch] = useSearchParams();
  const stateParam = search.get('state');
  const state = STATES.includes(stateParam as OrderQueueState) ? (stateParam as OrderQueueState) : undefined;
  const customerParam = Number(search.get('customer'));
  const customerID = Number.isInteger(customerParam) && customerParam > 0 ? customerParam : undefined;
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim());
  const [all, setAll] = useState(false);
  const [sorting, setSorting] = useState<Sorting<OrderQueueSort>>({ sort: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const { selected, toggle, clear, allSelected } = useRowSelection();
  const [asking, setAsking] = useState(false);
  const { data, error, isFetching } = useOrderQueueQuery({
    companyID,
    customerID,
    all,
    state,
    q: q || undefined,
    ...sorting,
    page,
    per_page: PER_PAGE,
  });
  const [requeue, { isLoading: requeueing }] = useRequeueOrdersMutation();
  const [remove, { isLoading: deleting }] = useDeleteQueueEntriesMutation();
  const items = data?.items ?? [];

  const restart = () => {
    setPage(1);
    clear();
  };
  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
    restart();
  };
  const sortBy = (next: Sorting<OrderQueueSort>) => {
    setSorting(next);
    restart();
  };
  const turnTo = (next: number) => {
    setPage(next);
    clear();
  };
  const allOnPage = allSelected(items);
  const ids = [...selected];

  const doRequeue = () =>
    requeue({ companyID, ids })
      .unwrap()
      .then((r) => {
        dispatch(snackbarShown({ message: t('orderQueue.requeued', { count: r.requeued }), variant: 'success' }));
        clear();
      })
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })));
  const doDelete = () =>
    remove({ companyID, ids })
      .unwrap()
      .then((r) => {
        dispatch(snackbarShown({ message: t('orderQueue.deleted', { count: r.deleted }), variant: 'success' }));
        clear();
      })
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setAsking(false));

  return (
    <Stack gap="4" data-testid="orderqueue-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('orderQueue.title')}
        </Heading>
        {/* bulk actions only with something selected to act on (no "Requeue 0 entries") */}
        {canWrite && ids.length > 0 ? (
          <Flex gap="2" wrap="wrap" data-testid="orderqueue-bulk">
            <Button colorPalette="blue" disabled={ids.length === 0} loading={requeueing} onClick={() => void doRequeue()} data-testid="orderqueue-requeue">
              {t('orderQueue.requeueSelected', { count: ids.length })}
            </Button>
            <Button variant="outline" colorPalette="red" disabled={ids.length === 0} onClick={() => setAsking(true)} data-testid="orderqueue-delete">
              {t('orderQueue.deleteSelected', { count: ids.length })}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Flex gap="4" align="center" wrap="wrap">
              <Input
                maxW="320px"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  restart();
                }}
                placeholder={t('orderQueue.filter')}
                aria-label={t('orderQueue.filter')}
                data-testid="orderqueue-filter"
              />
              <FilterSelect
                label={t('orderQueue.state')}
                value={state ?? ''}
                testId="orderqueue-state"
                allLabel={t(all ? 'orderQueue.allStates' : 'orderQueue.openStates')}
                options={STATES.map((s) => ({ value: s, label: t(`orderQueue.states.${s}`) }))}
                onChange={(value) => setParam('state', value || undefined)}
              />
              <FilterSwitch
                checked={all}
                onChange={(checked) => {
                  setAll(checked);
                  restart();
                }}
                label={t('orderQueue.showTransmitted')}
                testId="orderqueue-all"
              />
              {customerID ? (
                <Tag.Root size="lg" data-testid="orderqueue-customer-filter">
                  <Tag.Label>{t('orderQueue.customerFilter', { name: items[0]?.customer ?? customerID })}</Tag.Label>
                  <Tag.EndElement>
                    <CloseButton size="2xs" aria-label={t('orderQueue.clearCustomer')} onClick={() => setParam('customer', undefined)} />
                  </Tag.EndElement>
                </Tag.Root>
              ) : null}
            </Flex>
            {error ? <ErrorBox error={error} /> : null}
            {data && items.length === 0 ? (
              <EmptyList
                filtered={Boolean(q || state || customerID)}
                none={t(all ? 'orderQueue.emptyAll' : 'orderQueue.empty')}
                onReset={() => {
                  setFilter('');
                  const next = new URLSearchParams(search);
                  next.delete('state');
                  next.delete('customer');
                  setSearch(next, { replace: true });
                  restart();
                }}
                testId="orderqueue-empty"
              />
            ) : (
              <OrderQueueTable
                companyID={companyID}
                items={items}
                busy={isFetching}
                sorting={sorting}
                onSort={sortBy}
                selection={canWrite ? { selected, toggle, allOnPage } : null}
              />
            )}
            {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={turnTo} /> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={asking}
        title={t('orderQueue.deleteTitle')}
        text={t('orderQueue.deleteText', { count: ids.length })}
        confirmLabel={t('lists.delete')}
        busy={deleting}
        onConfirm={() => void doDelete()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
