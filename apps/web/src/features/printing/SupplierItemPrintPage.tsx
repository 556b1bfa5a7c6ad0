import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { useItemQuery } from '../items';
import { PrintPanel } from './PrintPanel';
import { useLabelTemplatesQuery } from './printingApi';

/**
 * /c/{companyID}/supplier/{supplierID}/item/{itemID}/print: the item's label from the supplier's side - a template of
 * type Item, its form inputs, A4 or the label printer (POST …/supplier/{supplierID}/print/item with the item).
 */
export function SupplierItemPrintPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const itemID = Number(params.itemID);
  const item = useItemQuery({ companyID, supplierID, itemID });
  const templates = useLabelTemplatesQuery({ companyID, type: 'Item', sort: 'name', per_page: 100 });
  return (
    <Stack gap="4" data-testid="supplier-item-print-page">
      <Stack gap="0">
        <Text fontSize="sm">
          <RouterLink to={apiPath({ companyID, supplierID }, `item/${itemID}`)}>
            <Text as="span" color="blue.700">
              {item.data ? `${item.data.sku} · ${item.data.name}` : t('printing.supplierItem.back')}
            </Text>
          </RouterLink>
        </Text>
        <Heading as="h1" size="xl">
          {t('printing.supplierItem.title')}
        </Heading>
      </Stack>
      {item.error ? <ErrorBox error={item.error} entity="item" /> : null}
      {templates.error ? <ErrorBox error={templates.error} /> : null}
      <PrintPanel
        templates={templates.data?.items}
        loadingTemplates={templates.isLoading}
        target={{ url: apiPath({ companyID, supplierID }, 'print/item'), body: { item_ids: [itemID] }, empty: !item.data }}
        testId="print-panel"
      />
    </Stack>
  );
}
