import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ItemList } from './ItemList';

/** /c/{companyID}/item_search: every item of the company by SKU or name prefix or part of a name; show-all and paused filter. */
export function ItemSearchPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  return (
    <Stack gap="4">
      <ItemList
        scope={{ kind: 'company', companyID }}
        testId="item-search-page"
        title={t('items.searchTitle')}
        filterLabel={t('items.searchFilter')}
        pausedFilter
        link={(row) => (row.supplier_id ? `/c/${companyID}/supplier/${row.supplier_id}/item/${row.id}` : `/c/${companyID}/customer/${row.customer_id}/item`)}
      />
    </Stack>
  );
}
