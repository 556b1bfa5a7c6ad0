import { Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api/apiError';
import { FormDialog } from '../../shared/forms/FormDialog';
import { type OrderScope, useRecordServiceVisitMutation } from './ordersApi';

/** The longest visit one entry records (the server's limit): a day. */
const MAX_MINUTES = 1440;

/** Whole minutes from 1 to a day, as typed; else the message key. */
export function visitMinutesError(value: string): string | undefined {
  const text = value.trim();
  if (!/^\d{1,4}$/.test(text)) return 'orderingFlags.visit.minutesInvalid';
  const minutes = Number(text);
  return minutes >= 1 && minutes <= MAX_MINUTES ? undefined : 'orderingFlags.visit.minutesInvalid';
}

/**
 * "Record service visit" on an order's page (docs/ordering-flags.md "Time tracking"): the minutes a visit at the
 * location took and what was done; the server adds a line of the customer's time-tracking item and a T event. A
 * customer without a time-tracking item answers 1032 ("no time tracking item"), shown in the dialog's words.
 */
export function ServiceVisitDialog({ open, scope, orderID, onClose, onSaved }: { open: boolean; scope: OrderScope; orderID: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState('');
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [record, recording] = useRecordServiceVisitMutation();
  const minutesError = minutes.trim() === '' ? undefined : visitMinutesError(minutes);
  const close = () => {
    setMinutes('');
    setComment('');
    setFailure(null);
    onClose();
  };
  const save = () => {
    setFailure(null);
    record({ ...scope, orderID, body: { minutes: Number(minutes.trim()), comment: comment.trim() || null } })
      .unwrap()
      .then(() => {
        setMinutes('');
        setComment('');
        onSaved();
      })
      .catch((e: unknown) => setFailure(isApiError(e) && e.code === 1032 ? t('orderingFlags.visit.noItem') : errorText(e, t)));
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('orderingFlags.visit.title')}
      testId="service-visit-dialog"
      submitLabel={t('orderingFlags.visit.save')}
      canSubmit={minutes.trim() !== '' && !minutesError}
      busy={recording.isLoading}
      failure={failure}
      onSubmit={save}
    >
      <Text fontSize="sm" color="gray.600">
        {t('orderingFlags.visit.intro')}
      </Text>
      <Field.Root required invalid={!!minutesError}>
        <Field.Label>
          {t('orderingFlags.visit.minutes')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input name="minutes" inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} data-testid="service-visit-minutes" />
        {minutesError ? <Field.ErrorText data-testid="service-visit-minutes-error">{t(minutesError)}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('orderingFlags.visit.comment')}</Field.Label>
        <Textarea name="comment" value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} data-testid="service-visit-comment" />
      </Field.Root>
    </FormDialog>
  );
}
