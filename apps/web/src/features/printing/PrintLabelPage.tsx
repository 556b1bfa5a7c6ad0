import { Field, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { useLocationQuery, useLocationsQuery } from '../locations';
import { useRulesQuery } from '../rules';
import { ChooseList } from './ChooseList';
import { PrintPanel, settingsPath } from './PrintPanel';
import { usePrintTemplatesQuery } from './printingApi';
import type { LabelTemplateType } from './printingTypes';

const ITEM_TYPES: LabelTemplateType[] = ['Item', 'Smart'];

/**
 * Item labels: …/customer/{customerID}/print/label (a location chosen first) and …/location/{locationID}/print/label
 * and /printitems: the location's kanban rules, all ticked to start with, a template of type Item (or Smart), its
 * form inputs, A4 sheets or the label printer, print (POST …/location/{locationID}/print/item).
 */
export function PrintLabelPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const fixedLocation = params.locationID ? Number(params.locationID) : 0;
  const locations = useLocationsQuery({ companyID, customerID, all: false, sort: 'name', per_page: 200 }, { skip: Boolean(fixedLocation) });
  const [chosenLocation, setChosenLocation] = useState(0);
  const locationID = fixedLocation || chosenLocation || locations.data?.items[0]?.id || 0;
  const location = useLocationQuery({ companyID, customerID, locationID: fixedLocation }, { skip: !fixedLocation });
  const [type, setType] = useState<LabelTemplateType>('Item');
  const templates = usePrintTemplatesQuery({ companyID, customerID, type });
  const rules = useRulesQuery({ companyID, location_id: locationID, all: false, sort: 'sku', per_page: 200 }, { skip: !locationID });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => {
    setSelected(new Set((rules.data?.items ?? []).map((r) => r.id)));
  }, [rules.data]);
  const ids = { companyID, customerID, locationID };
  return (
    <Stack gap="4" data-testid="print-label-page">
      <Stack gap="0">
        <Heading as="h1" size="xl">
          {t('printing.itemLabels.title')}
        </Heading>
        {location.data ? <Text color="fg.muted">{location.data.name}</Text> : null}
      </Stack>
      {templates.error ? <ErrorBox error={templates.error} /> : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {fixedLocation ? null : (
          <Field.Root>
            <Field.Label>{t('printing.itemLabels.location')}</Field.Label>
            <NativeSelect.Root size="sm" disabled={!locations.data?.items.length}>
              <NativeSelect.Field value={String(locationID)} onChange={(e) => setChosenLocation(Number(e.target.value))} data-testid="print-location">
                {(locations.data?.items ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {locations.data && !locations.data.items.length ? <Field.HelperText>{t('printing.itemLabels.noLocations')}</Field.HelperText> : null}
          </Field.Root>
        )}
        <Field.Root>
          <Field.Label>{t('printing.itemLabels.templateType')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={type} onChange={(e) => setType(e.target.value as LabelTemplateType)} data-testid="print-template-type">
              {ITEM_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`printing.types.${x}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      {rules.error ? <ErrorBox error={rules.error} /> : null}
      <ChooseList
        label={t('printing.itemLabels.rules')}
        rows={rules.data?.items.map((r) => ({ id: r.id, title: r.item.sku, detail: r.item.name }))}
        selected={selected}
        onChange={setSelected}
        loading={Boolean(locationID) && rules.isLoading}
        none={t('printing.itemLabels.noRules')}
        testId="print-rules"
      />
      <PrintPanel
        templates={templates.data?.map((x) => x.template)}
        loadingTemplates={templates.isLoading}
        target={{ url: apiPath(ids, 'print/item'), body: { rule_ids: [...selected] }, empty: !locationID || selected.size === 0 }}
        settingsLink={settingsPath({ companyID, customerID })}
        testId="print-panel"
      />
    </Stack>
  );
}
