import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { DataTable } from '../../shared/lists/DataTable';
import { EmptyList } from '../../shared/lists/EmptyList';
import { apiPath } from '../../shared/navigation/apiPath';
import { templateName } from './builtinTexts';
import { usePrintTemplatesQuery } from './printingApi';
import type { PrintTemplateChoiceDto } from './printingTypes';

/** …/customer/{customerID}/print/settings: every label template with the customer's settings for it (or the defaults). */
export function PrintSettingsListPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const templates = usePrintTemplatesQuery({ companyID, customerID });
  const link = (x: PrintTemplateChoiceDto) => apiPath({ companyID, customerID }, `print/settings/${x.template.id}`);
  const layout = (x: PrintTemplateChoiceDto) => {
    const s = x.settings;
    if (s.paper === 'label') return t('printing.settings.onePerLabel');
    return s.columns || s.rows
      ? t('printing.settings.grid', { columns: s.columns ?? t('printing.settings.fit'), rows: s.rows ?? t('printing.settings.fit') })
      : t('printing.settings.asManyAsFit');
  };
  return (
    <Stack gap="4" data-testid="print-settings-list-page">
      <Heading as="h1" size="xl">
        {t('printing.settings.listTitle')}
      </Heading>
      {templates.error ? <ErrorBox error={templates.error} /> : null}
      {templates.data && templates.data.length === 0 ? <EmptyList filtered={false} none={t('printing.settings.noTemplates')} /> : null}
      {templates.data?.length ? (
        <DataTable
          label={t('printing.settings.listTitle')}
          rows={templates.data}
          rowKey={(x) => x.template.id}
          rowTestId={(x) => `print-settings-row-${x.template.id}`}
          busy={templates.isFetching}
          columns={[
            {
              key: 'name',
              label: t('printing.templates.name'),
              cell: (x) => (
                <RouterLink to={link(x)}>
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {templateName(t, x.template)}
                  </Text>
                </RouterLink>
              ),
            },
            { key: 'type', label: t('printing.templates.type'), cell: (x) => t(`printing.types.${x.template.type}`) },
            { key: 'paper', label: t('printing.settings.paper'), cell: (x) => t(`printing.papers.${x.settings.paper}`) },
            { key: 'layout', label: t('printing.settings.layout'), cell: layout },
            { key: 'output', label: t('printing.settings.output'), cell: (x) => t(`printing.outputs.${x.settings.output}`) },
            {
              key: 'state',
              label: t('printing.settings.state'),
              cell: (x) => (
                <Badge variant="subtle" colorPalette={x.settings.is_default ? 'gray' : 'blue'}>
                  {x.settings.is_default ? t('printing.settings.defaults') : t('printing.settings.own')}
                </Badge>
              ),
            },
          ]}
        />
      ) : null}
    </Stack>
  );
}
