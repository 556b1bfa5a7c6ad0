import { Alert, Badge, Button, Card, Flex, Grid, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText, fieldErrors } from '../../shared/api/apiError';
import { saveBlob } from '../../shared/api/download';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { apiPath } from '../../shared/navigation/apiPath';
import { templateName } from './builtinTexts';
import { printErrorText } from './printErrors';
import { fetchPrint } from './printStream';
import { useDeletePrintSettingsMutation, usePrintSettingsDefaultsMutation, usePrintSettingsQuery, usePrintTemplatesQuery, useUpdatePrintSettingsMutation } from './printingApi';
import { COPIES_MODES, OUTPUTS, PAPERS, type PrintSettingsDto, type PrintSettingsNumberField, ZPL_DPIS } from './printingTypes';
import { defaultValues, settingsBody, settingsErrors, type SettingsValues, settingsValues } from './settingsForm';
import { SheetSketch } from './SheetSketch';

/** …/customer/{customerID}/print/settings/{printTemplateID}: loads the settings, then the form. */
export function PrintSettingsPage() {
  const params = useParams();
  const ids = { companyID: Number(params.companyID), customerID: Number(params.customerID) };
  const templateID = Number(params.printTemplateID);
  const settings = usePrintSettingsQuery({ ...ids, templateID });
  if (settings.error) return <ErrorBox error={settings.error} />;
  if (!settings.data) return <PageSpinner />;
  return <PrintSettingsForm key={`${settings.data.id ?? 'default'}-${settings.data.updated_at ?? ''}`} ids={ids} templateID={templateID} settings={settings.data} />;
}

type Ids = { companyID: number; customerID: number };

/**
 * The customer's print settings of one template: sheet (A4, Letter, label printer), columns and rows (empty: as many
 * as fit), margins, gaps, printer offsets, start position, output, ZPL resolution, copies (fixed or the rule's kanban
 * cards), image dpi (20-300, default 200); every wrong field named at the field; a sketch of the first sheet; "Reset
 * to defaults" after asking; a calibration page to print and measure.
 */
function PrintSettingsForm({ ids, templateID, settings }: { ids: Ids; templateID: number; settings: PrintSettingsDto }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.session.token);
  const templates = usePrintTemplatesQuery(ids);
  const template = templates.data?.find((x) => x.template.id === templateID)?.template;
  const [values, setValues] = useState<SettingsValues>(() => settingsValues(settings));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [calibrating, setCalibrating] = useState(false);
  const [storeDefaults, storing] = usePrintSettingsDefaultsMutation();
  const [update, updating] = useUpdatePrintSettingsMutation();
  const [remove, removing] = useDeletePrintSettingsMutation();
  const errors = settingsErrors(values);
  const valid = Object.keys(errors).length === 0;
  const set = (name: keyof SettingsValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)));
  };
  const problemText = (f: PrintSettingsNumberField) => {
    const p = errors[f];
    return p ? t(`printing.settings.errors.${p.key}`, { min: p.min, max: p.max }) : serverErrors[f];
  };
  const number = (f: PrintSettingsNumberField, hint?: string) => (
    <Stack gap="0">
      <TextField name={f} label={t(`printing.settings.fields.${f}`)} value={values[f]} onChange={set(f)} serverError={problemText(f)} required={f !== 'columns' && f !== 'rows'} />
      {hint ? (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
  const save = async () => {
    if (!valid) return;
    setFailure(null);
    try {
      const row = settings.id === null ? await storeDefaults({ ...ids, templateID }).unwrap() : settings;
      await update({ ...ids, templateID, id: row.id!, body: settingsBody(values) }).unwrap();
      dispatch(snackbarShown({ message: t('printing.settings.saved'), variant: 'success' }));
    } catch (error) {
      setServerErrors(fieldErrors(error));
      setFailure(errorText(error, t));
    }
  };
  const reset = async () => {
    try {
      await remove({ ...ids, templateID }).unwrap();
      setValues(defaultValues());
      dispatch(snackbarShown({ message: t('printing.settings.resetDone'), variant: 'success' }));
    } catch (error) {
      dispatch(snackbarShown({ message: errorText(error, t), variant: 'error' }));
    } finally {
      setAsking(false);
    }
  };
  const calibration = async () => {
    setCalibrating(true);
    try {
      const file = await fetchPrint(token, `${apiPath(ids, 'print/calibration')}?A4=${values.paper !== 'label'}`, { template_id: templateID }, () => undefined);
      saveBlob(file.blob, file.name);
      dispatch(snackbarShown({ message: t('printing.settings.calibrationDone', { name: file.name }), variant: 'success' }));
    } catch (error) {
      dispatch(snackbarShown({ message: printErrorText(error, t), variant: 'error' }));
    } finally {
      setCalibrating(false);
    }
  };
  const options = <T extends string | number>(list: readonly T[], section: string) => list.map((v) => ({ value: String(v), label: t(`printing.${section}.${v}`) }));
  return (
    <Stack gap="4" data-testid="print-settings-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text fontSize="sm">
            <RouterLink to={apiPath(ids, 'print/settings')}>
              <Text as="span" color="blue.700">
                {t('printing.settings.listTitle')}
              </Text>
            </RouterLink>
          </Text>
          <HStack gap="2" wrap="wrap">
            <Heading as="h1" size="xl">
              {template ? templateName(t, template) : t('printing.settings.title')}
            </Heading>
            <Badge variant="subtle" colorPalette={settings.is_default ? 'gray' : 'blue'} data-testid="print-settings-state">
              {settings.is_default ? t('printing.settings.defaults') : t('printing.settings.own')}
            </Badge>
          </HStack>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => void calibration()} loading={calibrating} data-testid="print-calibration">
            {t('printing.settings.calibration')}
          </Button>
          <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)} disabled={settings.is_default} data-testid="print-settings-reset">
            {t('printing.settings.reset')}
          </Button>
          <Button colorPalette="blue" onClick={() => void save()} disabled={!valid} loading={storing.isLoading || updating.isLoading} data-testid="print-settings-save">
            {t('common.save')}
          </Button>
        </HStack>
      </Flex>
      {failure ? (
        <Alert.Root status="error" data-testid="print-settings-failure">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 280px' }} gap="4" alignItems="start">
        <Stack gap="4">
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('printing.settings.sheet')}</Heading>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
                <SelectField name="paper" label={t('printing.settings.paper')} value={values.paper} onChange={set('paper')} options={options(PAPERS, 'papers')} error={serverErrors.paper} />
                {number('columns', t('printing.settings.fitHint'))}
                {number('rows', t('printing.settings.fitHint'))}
                {number('margin_top')}
                {number('margin_left')}
                {number('gap_x')}
                {number('gap_y')}
                {number('offset_x', t('printing.settings.offsetHint'))}
                {number('offset_y', t('printing.settings.offsetHint'))}
                {number('start_position')}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('printing.settings.outputTitle')}</Heading>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
                <SelectField name="output" label={t('printing.settings.output')} value={values.output} onChange={set('output')} options={options(OUTPUTS, 'outputs')} error={serverErrors.output} />
                <SelectField name="zpl_dpi" label={t('printing.settings.fields.zpl_dpi')} value={values.zpl_dpi} onChange={set('zpl_dpi')} options={ZPL_DPIS.map((d) => ({ value: String(d), label: t('printing.settings.dpiValue', { dpi: d }) }))} disabled={values.output !== 'zpl'} error={serverErrors.zpl_dpi} />
                {number('dpi', t('printing.settings.dpiHint'))}
                <SelectField name="copies_mode" label={t('printing.settings.fields.copies_mode')} value={values.copies_mode} onChange={set('copies_mode')} options={options(COPIES_MODES, 'copiesModes')} error={serverErrors.copies_mode} />
                {number('copies')}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        </Stack>
        <Card.Root size="sm">
          <Card.Header>
            <Heading size="sm">{t('printing.settings.preview')}</Heading>
          </Card.Header>
          <Card.Body>
            {template ? <SheetSketch values={values} label={template} /> : <Spinner size="sm" />}
          </Card.Body>
        </Card.Root>
      </Grid>
      <ConfirmDialog
        open={asking}
        title={t('printing.settings.resetTitle')}
        text={t('printing.settings.resetText')}
        confirmLabel={t('printing.settings.reset')}
        busy={removing.isLoading}
        onConfirm={() => void reset()}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
