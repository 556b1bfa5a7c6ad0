import { Stack } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { SupplierHeader } from '../headers';
import { ItemList } from './ItemList';

/** /c/{companyID}/supplier/{supplierID}/item: items of the supplier's catalogs (all customers), each linking to its page. */
export function SupplierItemsPage() {
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <ItemList
        scope={{ kind: 'supplier', companyID, supplierID }}
        testId="supplier-items-page"
        link={(row) => `/c/${companyID}/supplier/${supplierID}/item/${row.id}`}
      />
    </Stack>
  );
}
