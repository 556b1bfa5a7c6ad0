import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { useLocationsQuery } from '../locations';
import { ChooseList } from './ChooseList';
import { PrintPanel, settingsPath } from './PrintPanel';
import { usePrintTemplatesQuery } from './printingApi';

/**
 * …/customer/{customerID}/printlocations: location labels - the customer's active locations (all ticked to start
 * with), a template of type Location, A4 sheets or the label printer, print (POST …/customer/{customerID}/print/location).
 */
export function PrintLocationsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const locations = useLocationsQuery({ companyID, customerID, all: false, sort: 'name', per_page: 200 });
  const templates = usePrintTemplatesQuery({ companyID, customerID, type: 'Location' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => {
    setSelected(new Set((locations.data?.items ?? []).map((l) => l.id)));
  }, [locations.data]);
  return (
    <Stack gap="4" data-testid="print-locations-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('printing.locationLabels.title')}
        </Heading>
        {/* the customer's item labels (print/label) have no menu entry of their own */}
        <Button asChild size="sm" variant="outline">
          <RouterLink to={apiPath({ companyID, customerID }, 'print/label')} data-testid="print-item-labels-link">
            {t('printing.itemLabels.title')}
          </RouterLink>
        </Button>
      </Flex>
      {locations.error ? <ErrorBox error={locations.error} /> : null}
      {templates.error ? <ErrorBox error={templates.error} /> : null}
      <ChooseList
        label={t('printing.locationLabels.locations')}
        rows={locations.data?.items.map((l) => ({ id: l.id, title: l.name, detail: [l.street, l.city].filter(Boolean).join(', ') || undefined }))}
        selected={selected}
        onChange={setSelected}
        loading={locations.isLoading}
        none={t('printing.locationLabels.none')}
        testId="print-locations"
      />
      <PrintPanel
        templates={templates.data?.map((x) => x.template)}
        loadingTemplates={templates.isLoading}
        target={{ url: apiPath({ companyID, customerID }, 'print/location'), body: { location_ids: [...selected] }, empty: selected.size === 0 }}
        settingsLink={settingsPath({ companyID, customerID })}
        testId="print-panel"
      />
    </Stack>
  );
}
