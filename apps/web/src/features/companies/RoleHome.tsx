import { Stack, Text } from '@chakra-ui/react';
import { Role } from '@kanban/access';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useCustomersQuery } from '../customers';
import { LocationStockList } from '../locations';
import { useSuppliersQuery } from '../suppliers';
import { OpenSupplies } from '../supplies';

/** How many restricted customers or suppliers a home shows (a customer or supplier user usually has one). */
const MAX = 20;

/**
 * The start of a customer or supplier user's day on /c/{companyID}/ (issue 16): a supplier user's supplies not yet
 * delivered, with "Mark delivered" right there; a customer user's locations, each one click from its kanban rules
 * and stock entry. Per customer or supplier the user sees (access restrictions narrow the lists on the server).
 * Staff keep the company dashboard; other roles see nothing of this.
 */
export function RoleHome({ companyID, role }: { companyID: number; role: Role | undefined }) {
  if (role === Role.Supplier) return <SupplierHome companyID={companyID} />;
  if (role === Role.Customer) return <CustomerHome companyID={companyID} />;
  return null;
}

function SupplierHome({ companyID }: { companyID: number }) {
  const { t } = useTranslation();
  const { data, error } = useSuppliersQuery({ companyID, all: false, sort: 'name', order: 'asc', per_page: MAX });
  return (
    <Stack gap="4" data-testid="supplier-home">
      {error ? <ErrorBox error={error} /> : null}
      {data && data.items.length === 0 ? <Text color="gray.600">{t('dashboard.home.noSuppliers')}</Text> : null}
      {(data?.items ?? []).map((s) => (
        <OpenSupplies key={s.id} companyID={companyID} supplierID={s.id} supplierName={s.name} />
      ))}
    </Stack>
  );
}

function CustomerHome({ companyID }: { companyID: number }) {
  const { t } = useTranslation();
  const { data, error } = useCustomersQuery({ companyID, all: false, sort: 'name', order: 'asc', per_page: MAX });
  return (
    <Stack gap="4" data-testid="customer-home">
      {error ? <ErrorBox error={error} /> : null}
      {data && data.items.length === 0 ? <Text color="gray.600">{t('dashboard.home.noCustomers')}</Text> : null}
      {(data?.items ?? []).map((c) => (
        <LocationStockList key={c.id} companyID={companyID} customerID={c.id} customerName={c.name} />
      ))}
    </Stack>
  );
}
