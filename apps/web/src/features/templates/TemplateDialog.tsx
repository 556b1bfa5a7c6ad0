import { Field, HStack, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { TEMPLATE_FILE_ENCODINGS, TEMPLATE_LIMITS, TEMPLATE_LINE_BREAKS } from '@kanban/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid } from '../../shared/forms/validation';
import { PlaceholderPicker } from './PlaceholderPicker';
import { insertAt, placeholderText } from './placeholders';
import { translatedTemplateError } from './templateForm';
import { type TemplateDto, type TemplateKind, useCreateTemplateMutation, useUpdateTemplateMutation } from './templatesApi';

type Part = 'header' | 'body';

/**
 * Create or edit an e-mail template (name, subject, body) or a file template (name, header, body per order line,
 * encoding, line break): a text area per part, a placeholder picker inserting at the cursor of the part last
 * edited, and a template that does not render shown at its part with line and column.
 */
export function TemplateDialog({ companyID, kind, template, onClose }: { companyID: number; kind: TemplateKind; template: TemplateDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [create] = useCreateTemplateMutation();
  const [update] = useUpdateTemplateMutation();
  const save = useRecordSave(template, onClose);
  const [initial] = useState(() => ({
    name: template?.name ?? '',
    header: template?.header ?? '',
    body: template?.body ?? '',
    encoding: template && 'encoding' in template ? template.encoding : 'UTF-8',
    linebreak: template && 'linebreak' in template ? template.linebreak : 'CRLF',
  }));
  const form = useForm(initial);
  const refs = { header: useRef<HTMLTextAreaElement>(null), body: useRef<HTMLTextAreaElement>(null) };
  const [lastPart, setLastPart] = useState<Part>('body');
  const errors = {
    name: form.values.name.trim() === '' ? 'validation.required' : undefined,
    header: kind === 'email' && form.values.header.trim() === '' ? 'validation.required' : undefined,
  };
  const submit = () =>
    form.submit(async () => {
      const v = form.values;
      const body = kind === 'email' ? { name: v.name.trim(), header: v.header, body: v.body } : { name: v.name.trim(), header: v.header, body: v.body, encoding: v.encoding as never, linebreak: v.linebreak as never };
      try {
        await save((existing) => (existing ? update({ companyID, kind, id: existing.id, body }) : create({ companyID, kind, body })).unwrap(), t('templates.saved'));
      } catch (error) {
        throw translatedTemplateError(error, t);
      }
    });
  const pick = (name: string) => {
    const part = lastPart;
    const area = refs[part].current;
    const value = form.values[part];
    const { text, cursor } = insertAt(value, placeholderText(name, kind === 'file' && part === 'body'), area?.selectionStart ?? value.length, area?.selectionEnd ?? value.length);
    form.set(part)(text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(cursor, cursor);
    });
  };
  const HINT_EXAMPLES: Record<TemplateKind, Record<Part, string>> = {
    email: { header: '{{order.id}} – {{company.name}}', body: '{{#each lines}}{{pos}}. {{quantity}} {{unit}} {{sku}}\n{{/each}}' },
    file: { header: '', body: '{{line.sku}};{{line.quantity}};{{item.name}}' },
  };
  const partField = (part: Part, label: string, hint: string, rows: number) => {
    const f = form.field(part);
    const clientError = part === 'header' && f.touched && errors.header ? t(errors.header) : undefined;
    const error = f.serverError ?? clientError;
    return (
      <Field.Root invalid={Boolean(error)} required={kind === 'email' && part === 'header'}>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          ref={refs[part]}
          name={part}
          value={f.value}
          rows={rows}
          fontFamily="mono"
          fontSize="sm"
          spellCheck={false}
          maxLength={TEMPLATE_LIMITS[part]}
          onFocus={() => setLastPart(part)}
          onChange={(e) => f.onChange(e.target.value)}
          data-testid={`template-${part}`}
        />
        {error ? <Field.ErrorText data-testid={`template-${part}-error`}>{error}</Field.ErrorText> : <Field.HelperText>{hint}</Field.HelperText>}
      </Field.Root>
    );
  };
  return (
    <RecordDialog
      testId="template-dialog"
      title={t(template ? `templates.${kind}.edit` : `templates.${kind}.create`)}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="3">
        <TextField {...form.field('name')} label={t('templates.fields.name')} error={errors.name} required maxLength={TEMPLATE_LIMITS.name} />
        {kind === 'file' ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <SelectField
              name="encoding"
              label={t('templates.fields.encoding')}
              value={form.values.encoding}
              onChange={form.set('encoding')}
              options={TEMPLATE_FILE_ENCODINGS.map((value) => ({ value, label: value }))}
              error={form.field('encoding').serverError}
            />
            <SelectField
              name="linebreak"
              label={t('templates.fields.linebreak')}
              value={form.values.linebreak}
              onChange={form.set('linebreak')}
              options={TEMPLATE_LINE_BREAKS.map((value) => ({ value, label: t(`templates.linebreaks.${value}`) }))}
              error={form.field('linebreak').serverError}
            />
          </SimpleGrid>
        ) : null}
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted">
            {t('templates.pickerHint', { part: t(`templates.${kind}.${lastPart}`) })}
          </Text>
          <PlaceholderPicker onPick={pick} testId="template-placeholder" />
        </HStack>
        {partField('header', t(`templates.${kind}.header`), t(`templates.${kind}.headerHint`, { example: HINT_EXAMPLES[kind].header }), kind === 'email' ? 2 : 3)}
        {partField('body', t(`templates.${kind}.body`), t(`templates.${kind}.bodyHint`, { example: HINT_EXAMPLES[kind].body }), 10)}
      </Stack>
    </RecordDialog>
  );
}
