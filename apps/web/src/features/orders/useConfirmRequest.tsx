import { AccessGroup, hasRole, Role } from '@kanban/access';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useViewer } from '../../shared/session/useViewer';
import { type OrderScope, useConfirmRequestMutation } from './ordersApi';

/** Who decides a waiting request (confirm, reject): staff who may change data and customer users. */
export function useMayDecideRequests(): boolean {
  const role = useViewer().role;
  return hasRole(role, AccessGroup.user) || role === Role.Customer;
}

/**
 * Confirming a request, as the request's page and the requests list's cards do it: `ask(id)` opens the question
 * ("Request 1048 becomes an order and is sent to the supplier."), its confirm button sends it; a snackbar says the
 * outcome, `onDone` follows a success (the page opens the order; the list just loses the row). Render `dialog`.
 */
export function useConfirmRequest(scope: OrderScope, onDone?: (requestID: number) => void): {
  ask: (requestID: number) => void;
  dialog: ReactNode;
  busyWith: number | null;
} {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState<number | null>(null);
  const [confirm, { isLoading, originalArgs }] = useConfirmRequestMutation();
  const run = (requestID: number) =>
    confirm({ ...scope, requestID })
      .unwrap()
      .then(() => {
        dispatch(snackbarShown({ message: t('orders.requestConfirmed', { id: requestID }), variant: 'success' }));
        setAsking(null);
        onDone?.(requestID);
      })
      .catch((e: unknown) => {
        setAsking(null);
        dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
      });
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={t('orders.confirmRequestTitle')}
      text={t('orders.confirmRequestText', { id: asking ?? '' })}
      confirmLabel={t('orders.confirmRequest')}
      tone="positive"
      busy={isLoading}
      onConfirm={() => asking !== null && void run(asking)}
      onClose={() => setAsking(null)}
    />
  );
  return { ask: setAsking, dialog, busyWith: isLoading ? (originalArgs?.requestID ?? null) : null };
}
