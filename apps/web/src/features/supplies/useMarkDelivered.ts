import { AccessGroup, hasRole, Role } from '@kanban/access';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useViewer } from '../../shared/session/useViewer';
import { type SupplyDto, useSetSupplyDeliveredMutation } from './suppliesApi';

/**
 * "Mark delivered" for a whole supply in one click, as the supplier's home and the supplies list's cards offer it:
 * `canMark` for supplier-group users who may write, `mark(supply)` with a snackbar for the outcome, `busyWith` the
 * supply being marked (its button spins, the others wait). Taking a delivery back stays on the supply's page.
 */
export function useMarkDelivered(companyID: number, supplierID: number): {
  canMark: boolean;
  mark: (supply: SupplyDto) => Promise<void>;
  busyWith: number | null;
} {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const role = useViewer().role;
  const [setDelivered, { isLoading, originalArgs }] = useSetSupplyDeliveredMutation();
  const mark = (supply: SupplyDto) =>
    setDelivered({ companyID, supplierID, supplyID: supply.id, delivered: true })
      .unwrap()
      .then(() => {
        dispatch(snackbarShown({ message: t('supplies.markedDelivered', { what: t('supplies.orderNumber', { id: supply.order_id }) }), variant: 'success' }));
      })
      .catch((e: unknown) => {
        dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
      });
  return {
    canMark: hasRole(role, AccessGroup.supplier) && role !== Role.Readonly,
    mark,
    busyWith: isLoading ? (originalArgs?.supplyID ?? null) : null,
  };
}
