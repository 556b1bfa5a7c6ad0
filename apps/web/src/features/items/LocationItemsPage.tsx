import { AccessGroup, hasRole } from '@kanban/access';
import { Stack, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { LocationHeader } from '../headers';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { LocationRules } from '../rules';
import { useViewer } from '../../shared/session/useViewer';
import { ItemList } from './ItemList';
import { useToggleSubscriptionMutation } from './itemsApi';

/** .../customer/{customerID}/location/{locationID}/item: the customer's items with their subscription at the location. */
export function LocationItemsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const locationID = Number(params.locationID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const [toggle] = useToggleSubscriptionMutation();
  const setSubscribed = (itemID: number, name: string, active: boolean) =>
    toggle({ companyID, customerID, locationID, itemID, active })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: t(active ? 'items.subscribed' : 'items.unsubscribed', { name }), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })));
  return (
    <Stack gap="4">
      <LocationHeader companyID={companyID} customerID={customerID} locationID={locationID} />
      <LocationRules companyID={companyID} customerID={customerID} locationID={locationID} />
      <ItemList
        scope={{ kind: 'location', companyID, customerID, locationID }}
        testId="location-items-page"
        images
        extra={{
          label: t('items.subscription'),
          render: (row) => (
            <Switch.Root
              checked={row.subscribed ?? false}
              disabled={!canWrite}
              onCheckedChange={(e) => void setSubscribed(row.id, row.name, e.checked)}
              data-testid={`subscription-${row.id}`}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label srOnly>{t('items.subscriptionFor', { name: row.name })}</Switch.Label>
            </Switch.Root>
          ),
        }}
      />
    </Stack>
  );
}
