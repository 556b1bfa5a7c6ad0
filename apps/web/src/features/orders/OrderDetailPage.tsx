import { AccessGroup, hasRole } from '@kanban/access';
import { canMarkOk } from '@kanban/contracts';
import { Button, Card, Field, Flex, Heading, Stack, Textarea, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useViewer } from '../../shared/session/useViewer';
import { OrderFiles } from './OrderFiles';
import { OrderScopeHeader } from './OrderScopeHeader';
import { OrderView } from './OrderView';
import { scopeOf, useOrderQuery, useUpdateOrderMutation } from './ordersApi';
import { ServiceVisitDialog } from './ServiceVisitDialog';

/**
 * `order/{orderID}` (company, customer, location): the order, its attachment and pictures, its comment (editable) and
 * "mark confirmed by supplier" (the update to OK; asks first), offered only for an order still on its way (`canMarkOk`:
 * not a request, not delivered or cancelled; the server refuses those too), and "record service visit" (time tracking:
 * minutes and what was done become a line of the customer's time-tracking item and a T event; not on a cancelled order).
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const scope = scopeOf(params);
  const orderID = Number(params.orderID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { data, error, isLoading } = useOrderQuery({ ...scope, orderID });
  const [update, { isLoading: saving }] = useUpdateOrderMutation();
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);
  const [visiting, setVisiting] = useState(false);
  useEffect(() => setComment(data?.comment ?? ''), [data?.comment]);
  const run = (body: { ext_status?: 1; comment?: string }, done: string) =>
    update({ ...scope, orderID, body })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: done, variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setAsking(false));
  return (
    <Stack gap="4" data-testid="order-detail-page">
      <OrderScopeHeader scope={scope} />
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('orders.detailTitle')}
        </Heading>
        <Flex gap="2" wrap="wrap">
          {canWrite && data && data.status !== 'cancelled' ? (
            <Button variant="outline" onClick={() => setVisiting(true)} data-testid="order-service-visit">
              {t('orderingFlags.visit.open')}
            </Button>
          ) : null}
          {canWrite && data && canMarkOk(data) ? (
            <Button colorPalette="blue" onClick={() => setAsking(true)} data-testid="order-update-ok">
              {t('orders.updateOk')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {error ? <ErrorBox error={error} entity="order" /> : null}
      {isLoading ? <Spinner aria-label={t('common.loading')} /> : null}
      {data ? (
        <>
          <OrderView order={data} />
          <OrderFiles order={data} scope={scope} />
          <Card.Root>
            <Card.Body>
              <Stack gap="3">
                <Field.Root readOnly={!canWrite}>
                  <Field.Label>{t('orders.comment')}</Field.Label>
                  <Textarea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} readOnly={!canWrite} data-testid="order-comment" />
                </Field.Root>
                {canWrite ? (
                  <Button
                    alignSelf="flex-start"
                    variant="outline"
                    disabled={comment === data.comment}
                    loading={saving && !asking}
                    onClick={() => void run({ comment }, t('orders.commentSaved'))}
                    data-testid="order-comment-save"
                  >
                    {t('common.save')}
                  </Button>
                ) : null}
              </Stack>
            </Card.Body>
          </Card.Root>
        </>
      ) : null}
      <ServiceVisitDialog
        open={visiting}
        scope={scope}
        orderID={orderID}
        onClose={() => setVisiting(false)}
        onSaved={() => {
          setVisiting(false);
          dispatch(snackbarShown({ message: t('orderingFlags.visit.saved', { id: orderID }), variant: 'success' }));
        }}
      />
      <ConfirmDialog
        open={asking}
        title={t('orders.updateOkTitle')}
        text={t('orders.updateOkText', { id: orderID })}
        confirmLabel={t('orders.updateOk')}
        tone="positive"
        busy={saving}
        onConfirm={() => void run({ ext_status: 1 }, t('orders.updatedOk', { id: orderID }))}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
