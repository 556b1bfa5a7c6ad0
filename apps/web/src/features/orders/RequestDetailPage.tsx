import { Button, Field, Flex, Heading, Stack, Textarea, Spinner } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { FormDialog } from '../../shared/forms/FormDialog';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { OrderFiles } from './OrderFiles';
import { OrderScopeHeader } from './OrderScopeHeader';
import { OrderView } from './OrderView';
import { pagePath, scopeOf, useRejectRequestMutation, useRequestQuery } from './ordersApi';
import { useConfirmRequest, useMayDecideRequests } from './useConfirmRequest';

/**
 * `request/{requestID}` (company, customer): a waiting request with confirm (asks first; the order is sent) and
 * reject (asks for a reason; order and lines are cancelled). Staff who may change data and customer users decide.
 */
export function RequestDetailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = useParams();
  const scope = scopeOf(params);
  const requestID = Number(params.requestID);
  const mayDecide = useMayDecideRequests();
  const { data, error, isLoading } = useRequestQuery({ ...scope, requestID });
  const [reject, rejecting] = useRejectRequestMutation();
  const [asking, setAsking] = useState<'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const decided = (message: string) => {
    dispatch(snackbarShown({ message, variant: 'success' }));
    setAsking(null);
    void navigate(pagePath(scope, `order/${requestID}`));
  };
  // confirmed: the snackbar is the hook's, the page opens the order it became
  const confirming = useConfirmRequest(scope, () => void navigate(pagePath(scope, `order/${requestID}`)));
  const doReject = () =>
    reject({ ...scope, requestID, reason: reason.trim() })
      .unwrap()
      .then(() => decided(t('orders.requestRejected', { id: requestID })))
      .catch((e: unknown) => setFailure(errorText(e, t)));
  return (
    <Stack gap="4" data-testid="request-detail-page">
      <OrderScopeHeader scope={scope} />
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('orders.requestTitle')}
        </Heading>
        {mayDecide && data ? (
          <Flex gap="2">
            <Button colorPalette="blue" onClick={() => confirming.ask(requestID)} data-testid="request-confirm">
              {t('orders.confirmRequest')}
            </Button>
            <Button
              colorPalette="red"
              variant="outline"
              onClick={() => {
                setFailure(null);
                setAsking('reject');
              }}
              data-testid="request-reject"
            >
              {t('orders.rejectRequest')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {error ? <ErrorBox error={error} entity="request" /> : null}
      {isLoading ? <Spinner aria-label={t('common.loading')} /> : null}
      {data ? <OrderView order={data} /> : null}
      {data ? <OrderFiles order={data} scope={scope} /> : null}
      {confirming.dialog}
      <FormDialog
        open={asking === 'reject'}
        onClose={() => setAsking(null)}
        title={t('orders.rejectRequestTitle')}
        testId="request-reject-dialog"
        submitLabel={t('orders.rejectRequest')}
        canSubmit
        busy={rejecting.isLoading}
        failure={failure}
        onSubmit={() => void doReject()}
      >
        <Field.Root>
          <Field.Label>{t('orders.rejectReason')}</Field.Label>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid="request-reject-reason" />
        </Field.Root>
      </FormDialog>
    </Stack>
  );
}
