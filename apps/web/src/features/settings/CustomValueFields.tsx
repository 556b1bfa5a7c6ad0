import { Checkbox, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CustomFieldEntity, CustomFieldValue } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../shared/api/apiError';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { type CustomFieldView, type DraftValue, draftError, draftOf, valueOf } from './customValues';
import { useCustomFieldsQuery, useCustomValuesQuery, usePutCustomValuesMutation } from './settingsApi';

/** At most this many definitions per kind are shown (the list call's largest page). */
const MAX_FIELDS = 200;

/**
 * The custom fields of one record in its create/edit dialog (docs/settings.md): the definitions of the kind
 * with the record's values (a new record: the definitions only), the edits, their checks, and `save(id)`,
 * which replaces the record's values once the record itself is saved (only when something changed; the
 * PUT replaces all values, so it is sent only once the fields are loaded). A failed PUT keeps its field
 * messages (`values.<key>`) at the fields and is thrown on, so the dialog shows it and stays open.
 */
export function useCustomValues(companyID: number, entity: CustomFieldEntity, entityID: number | null) {
  const existing = useCustomValuesQuery({ companyID, entity, entityID: entityID ?? 0 }, { skip: entityID === null });
  const definitions = useCustomFieldsQuery(
    { companyID, entity, sort: 'sort', order: 'asc', per_page: MAX_FIELDS },
    { skip: entityID !== null },
  );
  const [put] = usePutCustomValuesMutation();
  const [edits, setEdits] = useState<Record<string, DraftValue>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const fields: CustomFieldView[] | undefined =
    entityID !== null
      ? existing.data?.fields
      : definitions.data?.items.map((d) => ({ ...d, field_id: d.id, value: null }));
  const error = entityID !== null ? existing.error : definitions.error;
  const current = (f: CustomFieldView): DraftValue => (f.key in edits ? edits[f.key]! : draftOf(f));
  const errors: Record<string, string | undefined> = Object.fromEntries(
    (fields ?? []).map((f) => [f.key, draftError(f, current(f))]),
  );
  const changed = (fields ?? []).some((f) => valueOf(f, current(f)) !== valueOf(f, draftOf(f)));
  return {
    fields,
    error,
    /** loaded (or failed to load: the record can still be saved, its values are left alone) and every value fits */
    ready: (fields !== undefined || error !== undefined) && Object.values(errors).every((e) => !e),
    value: current,
    errors,
    serverErrors,
    touched: (key: string) => key in edits,
    set: (key: string, value: DraftValue) => {
      setEdits((e) => ({ ...e, [key]: value }));
      setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)));
    },
    save: async (id: number): Promise<void> => {
      if (!fields || !changed) return;
      const values: Record<string, CustomFieldValue | null> = Object.fromEntries(fields.map((f) => [f.key, valueOf(f, current(f))]));
      try {
        await put({ companyID, entity, entityID: id, body: { values } }).unwrap();
      } catch (failure) {
        setServerErrors(
          Object.fromEntries(
            Object.entries(fieldErrors(failure))
              .filter(([k]) => k.startsWith('values.'))
              .map(([k, message]) => [k.slice('values.'.length), message]),
          ),
        );
        throw failure;
      }
    },
  };
}

export type CustomValues = ReturnType<typeof useCustomValues>;

/** The custom fields block of a record dialog: one input per definition, by type; nothing when the kind has none. */
export function CustomValueFields({ custom }: { custom: CustomValues }) {
  const { t } = useTranslation();
  if (custom.error) return <ErrorBox error={custom.error} />;
  if (!custom.fields || custom.fields.length === 0) return null;
  return (
    <Stack gap="3" data-testid="custom-values">
      <Text fontWeight="semibold">{t('settings.customValues.title')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {custom.fields.map((f) => {
          const name = `custom.${f.key}`;
          const value = custom.value(f);
          const serverError = custom.serverErrors[f.key];
          switch (f.type) {
            case 'boolean':
              return (
                <Checkbox.Root
                  key={f.key}
                  name={name}
                  checked={value === true}
                  invalid={Boolean(serverError) || (custom.touched(f.key) && Boolean(custom.errors[f.key]))}
                  onCheckedChange={(e) => custom.set(f.key, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{f.label}</Checkbox.Label>
                </Checkbox.Root>
              );
            case 'select':
              return (
                <SelectField
                  key={f.key}
                  name={name}
                  label={f.label}
                  required={f.required}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(v) => custom.set(f.key, v)}
                  options={[{ value: '', label: t('settings.customValues.none') }, ...f.options.map((o) => ({ value: o, label: o }))]}
                  error={serverError ?? (custom.touched(f.key) && custom.errors[f.key] ? t(custom.errors[f.key]!) : undefined)}
                />
              );
            case 'text':
            case 'number':
            case 'date':
              return (
                <TextField
                  key={f.key}
                  name={name}
                  label={f.label}
                  required={f.required}
                  type={f.type === 'date' ? 'date' : 'text'}
                  maxLength={f.type === 'text' ? 2000 : undefined}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(v) => custom.set(f.key, v)}
                  error={custom.errors[f.key]}
                  touched={custom.touched(f.key)}
                  serverError={serverError}
                />
              );
          }
        })}
      </SimpleGrid>
    </Stack>
  );
}
