import { Alert, Box, Button, Flex, Grid, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorText, fieldErrors, isApiError } from '../../shared/api/apiError';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { apiPath } from '../../shared/navigation/apiPath';
import { useViewer } from '../../shared/session/useViewer';
import { templateDescription, templateName } from './builtinTexts';
import { LabelPlaceholderPicker } from './LabelPlaceholderPicker';
import { LabelPreview } from './LabelPreview';
import { useCreateLabelTemplateMutation, useLabelTemplateQuery, useUpdateLabelTemplateMutation } from './printingApi';
import { LABEL_TEMPLATE_TYPES, type LabelProblem, type LabelTemplateDto, type LabelTemplateType } from './printingTypes';
import { insertAt, parseMm, templateProblemsOf } from './templateXml';
import { useDuplicateTemplate } from './useDuplicateTemplate';
import { XmlEditor } from './XmlEditor';

/** A new template starts from a small item label (docs/label-templates.md). */
const STARTER = `<?xml version="1.0" encoding="UTF-8"?>
<label width="62" height="29" font="helvetica" size="8">
  <text x="2" y="2" width="58" height="6" size="12" bold="true" wrap="false">{{item.sku}}</text>
  <text x="2" y="8" width="58" height="6">{{item.name}}</text>
  <barcode type="code128" x="2" y="15" width="58" height="12" value="{{kanban_rule.scan_code}}" text="true"/>
</label>
`;

/** /c/{companyID}/settings/templates/label/{id|new}: the label template editor (loads the template, then the form). */
export function LabelTemplateEditorPage() {
  const params = useParams();
  const companyID = Number(params.companyID);
  const id = params.templateID === 'new' ? 0 : Number(params.templateID);
  const result = useLabelTemplateQuery({ companyID, id }, { skip: !id });
  if (id && result.error) return <ErrorBox error={result.error} />;
  if (id && !result.data) return <PageSpinner />;
  return <LabelTemplateEditor key={id} companyID={companyID} template={id ? (result.data ?? null) : null} />;
}

type Values = { name: string; description: string; type: LabelTemplateType; width: string; height: string; template: string };

/**
 * The editor: name, description, type, size (mm; empty = from the XML's root), the XML with line numbers and its
 * problems at their lines, a placeholder picker inserting at the cursor, and the live preview beside it (below on a
 * phone). Built-ins are shown read-only with "Duplicate".
 */
function LabelTemplateEditor({ companyID, template }: { companyID: number; template: LabelTemplateDto | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const readOnly = !canWrite || Boolean(template?.builtin);
  const [create, creating] = useCreateLabelTemplateMutation();
  const [update, updating] = useUpdateLabelTemplateMutation();
  const duplicate = useDuplicateTemplate(companyID);
  // a built-in (read-only) shows its name and description in the interface's language
  const shownName = template ? templateName(t, template) : '';
  const [values, setValues] = useState<Values>(() => ({
    name: shownName,
    description: template ? templateDescription(t, template) : '',
    type: template?.type ?? 'Item',
    width: template ? String(template.width) : '',
    height: template ? String(template.height) : '',
    template: template?.template ?? STARTER,
  }));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveProblems, setSaveProblems] = useState<LabelProblem[]>([]);
  const [previewProblems, setPreviewProblems] = useState<LabelProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)));
    if (name === 'template') setSaveProblems([]);
  };
  const onProblems = useCallback((p: LabelProblem[]) => setPreviewProblems(p), []);
  const width = parseMm(values.width);
  const height = parseMm(values.height);
  const errors = {
    name: values.name.trim() === '' ? 'validation.required' : undefined,
    width: values.width.trim() !== '' && (width === null || width <= 0) ? t('printing.editor.sizeInvalid') : undefined,
    height: values.height.trim() !== '' && (height === null || height <= 0) ? t('printing.editor.sizeInvalid') : undefined,
  };
  const listPath = apiPath({ companyID }, 'settings/templates/label');
  const pick = (text: string) => {
    const el = area.current;
    const { text: next, cursor } = insertAt(values.template, text, el?.selectionStart ?? values.template.length, el?.selectionEnd ?? values.template.length);
    set('template')(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(cursor, cursor);
    });
  };
  const save = async () => {
    setTouched(true);
    if (errors.name || errors.width || errors.height) return;
    setFailure(null);
    const body = {
      name: values.name.trim(),
      description: values.description,
      type: values.type,
      // the size only when typed: else the server takes it from the XML (a changed <label width height> would disagree)
      ...(width !== null && values.width !== (template ? String(template.width) : '') ? { width } : {}),
      ...(height !== null && values.height !== (template ? String(template.height) : '') ? { height } : {}),
      template: values.template,
    };
    try {
      const saved = template ? await update({ companyID, id: template.id, body }).unwrap() : await create({ companyID, body }).unwrap();
      dispatch(snackbarShown({ message: t('printing.editor.saved', { name: saved.name }), variant: 'success' }));
      setValues((v) => ({ ...v, width: String(saved.width), height: String(saved.height) }));
      if (!template) void navigate(apiPath({ companyID }, `settings/templates/label/${saved.id}`), { replace: true });
    } catch (error) {
      const problems = templateProblemsOf(error);
      setSaveProblems(problems);
      const fields = fieldErrors(error);
      delete fields.template;
      if (isApiError(error) && error.code === 1059) fields.name = t('printing.editor.nameTaken');
      setServerErrors(fields);
      setFailure(problems.length ? t('printing.editor.templateInvalid', { count: problems.length }) : errorText(error, t));
    }
  };
  const problems = saveProblems.length ? saveProblems : previewProblems;
  return (
    <Stack gap="4" data-testid="label-template-editor">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="0">
          <Text fontSize="sm">
            <RouterLink to={listPath}>
              <Text as="span" color="blue.700">
                {t('printing.templates.title')}
              </Text>
            </RouterLink>
          </Text>
          <Heading as="h1" size="xl" wordBreak="break-word">
            {template ? shownName : t('printing.editor.newTitle')}
          </Heading>
        </Stack>
        <HStack gap="2" wrap="wrap">
          {template && canWrite ? (
            <Button variant="outline" onClick={() => void duplicate.run(template)} loading={duplicate.busy === template.id} data-testid="label-template-duplicate">
              {t('printing.templates.duplicate')}
            </Button>
          ) : null}
          {readOnly ? null : (
            <Button colorPalette="blue" onClick={() => void save()} loading={creating.isLoading || updating.isLoading} data-testid="label-template-save">
              {t('common.save')}
            </Button>
          )}
        </HStack>
      </Flex>
      {template?.builtin ? (
        <Alert.Root status="info" data-testid="label-template-builtin-note">
          <Alert.Indicator />
          <Alert.Title>{t('printing.editor.builtinNote')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {failure ? (
        <Alert.Root status="error" data-testid="label-template-failure">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <Stack gap="3" minW="0">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField name="name" label={t('printing.templates.name')} value={values.name} onChange={set('name')} error={errors.name} touched={touched || values.name !== shownName} serverError={serverErrors.name} required readOnly={readOnly} maxLength={200} />
            <SelectField
              name="type"
              label={t('printing.templates.type')}
              value={values.type}
              onChange={set('type')}
              options={LABEL_TEMPLATE_TYPES.map((x) => ({ value: x, label: t(`printing.types.${x}`) }))}
              disabled={readOnly}
              error={serverErrors.type}
            />
          </SimpleGrid>
          <TextField name="description" label={t('printing.templates.description')} value={values.description} onChange={set('description')} serverError={serverErrors.description} readOnly={readOnly} maxLength={1000} />
          <SimpleGrid columns={2} gap="3">
            <TextField name="width" label={t('printing.editor.width')} value={values.width} onChange={set('width')} error={errors.width} touched serverError={serverErrors.width} readOnly={readOnly} />
            <TextField name="height" label={t('printing.editor.height')} value={values.height} onChange={set('height')} error={errors.height} touched serverError={serverErrors.height} readOnly={readOnly} />
          </SimpleGrid>
          <Text fontSize="xs" color="fg.muted">
            {t('printing.editor.sizeHint')}
          </Text>
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {t('printing.editor.pickerHint')}
            </Text>
            <LabelPlaceholderPicker companyID={companyID} onPick={pick} disabled={readOnly} />
          </Flex>
          <XmlEditor label={t('printing.editor.xml')} value={values.template} onChange={set('template')} areaRef={area} problems={problems} readOnly={readOnly} />
        </Stack>
        <Box minW="0" position={{ xl: 'sticky' }} top={{ xl: '4' }}>
          <LabelPreview companyID={companyID} template={values.template} type={values.type} onProblems={onProblems} />
        </Box>
      </Grid>
    </Stack>
  );
}
