import { AccessGroup, hasRole } from '@kanban/access';
import { Button, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useViewer } from '../../shared/session/useViewer';
import { useDeleteQueueEntriesMutation, useOrderQueueEntryQuery, useRequeueOrdersMutation } from './orderQueueApi';
import { QueueError, QueueStateBadge } from './QueueParts';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Stack align="flex-start" data-testid={testId}>
        {children}
      </Stack>
    </Stack>
  );
}

/**
 * /c/{companyID}/orderqueue/{queueID}: one entry with its order (linked), state, attempts, error and times;
 * staff who may change data requeue it or delete it (asks first, then back to the queue).
 */
export function OrderQueueEntryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = useParams();
  const companyID = Number(params.companyID);
  const queueID = Number(params.queueID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { data, error, isLoading } = useOrderQueueEntryQuery({ companyID, queueID });
  const [requeue, { isLoading: requeueing }] = useRequeueOrdersMutation();
  const [remove, { isLoading: deleting }] = useDeleteQueueEntriesMutation();
  const [asking, setAsking] = useState(false);
  const failed = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));

  const doRequeue = () =>
    requeue({ companyID, ids: [queueID] })
      .unwrap()
      .then((r) => dispatch(snackbarShown({ message: t('orderQueue.requeued', { count: r.requeued }), variant: 'success' })))
      .catch(failed);
  const doDelete = () =>
    remove({ companyID, ids: [queueID] })
      .unwrap()
      .then((r) => {
        dispatch(snackbarShown({ message: t('orderQueue.deleted', { count: r.deleted }), variant: 'success' }));
        void navigate(`/c/${companyID}/orderqueue`);
      })
      .catch(failed)
      .finally(() => setAsking(false));

  return (
    <Stack gap="4" data-testid="orderqueue-entry-page">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {data ? t('orderQueue.entryHeading', { id: data.order_id }) : t('orderQueue.entryTitle')}
        </Heading>
        {canWrite && data ? (
          <Flex gap="2">
            <Button colorPalette="blue" loading={requeueing} onClick={() => void doRequeue()} data-testid="orderqueue-entry-requeue">
              {t('orderQueue.requeue')}
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)} data-testid="orderqueue-entry-delete">
              {t('lists.delete')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {error ? <ErrorBox error={error} /> : null}
      {isLoading ? <Spinner aria-label={t('common.loading')} /> : null}
      {data ? (
        <Card.Root>
          <Card.Body>
            <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="4">
              <Fact label={t('orderQueue.order')}>
                <RouterLink to={`/c/${companyID}/order/${data.order_id}`} data-testid="orderqueue-entry-order">
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {t('orderQueue.orderLink', { id: data.order_id })}
                  </Text>
                </RouterLink>
              </Fact>
              <Fact label={t('orders.date')}>
                <Text>{format.date(data.date)}</Text>
              </Fact>
              <Fact label={t('orders.status')}>
                <Text>{t(`orders.statuses.${data.order_status}`)}</Text>
              </Fact>
              <Fact label={t('orderQueue.state')}>
                <QueueStateBadge state={data.state} testId="orderqueue-entry-state" />
              </Fact>
              <Fact label={t('orders.customer')}>
                <Text>{data.customer}</Text>
              </Fact>
              <Fact label={t('orders.location')}>
                <Text>{data.location}</Text>
              </Fact>
              <Fact label={t('orders.supplier')}>
                <Text>{data.supplier || '–'}</Text>
              </Fact>
              <Fact label={t('orderQueue.attempts')} testId="orderqueue-entry-attempts">
                <Text>{data.attempts}</Text>
              </Fact>
              <Fact label={t('orderQueue.error')}>
                <QueueError error={data.error} testId="orderqueue-entry-error" />
              </Fact>
              <Fact label={t('orderQueue.user')}>
                <Text>{data.user_id === null ? t('orderQueue.automatic') : t('orderQueue.userId', { id: data.user_id })}</Text>
              </Fact>
              <Fact label={t('orderQueue.queued')}>
                <Text>{format.dateTime(data.queued_at)}</Text>
              </Fact>
              <Fact label={t('orderQueue.transmittedAt')}>
                <Text>{data.transmitted_at ? format.dateTime(data.transmitted_at) : '–'}</Text>
              </Fact>
              <Fact label={t('orderQueue.createdAt')}>
                <Text>{format.dateTime(data.created_at)}</Text>
              </Fact>
              <Fact label={t('orderQueue.updatedAt')}>
                <Text>{format.dateTime(data.updated_at)}</Text>
              </Fact>
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('orderQueue.deleteTitle')}
        text={t('orderQueue.deleteText', { count: 1 })}
        confirmLabel={t('lists.delete')}
        busy={deleting}
        onConfirm={() => void doDelete()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
