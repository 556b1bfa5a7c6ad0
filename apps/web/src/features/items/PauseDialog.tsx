import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { FormDialog } from '../../shared/forms/FormDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { isValid, required } from '../../shared/forms/validation';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { type ItemDto, useUpdateItemMutation } from './itemsApi';

/** Pauses an item up to and including a date (PATCH paused_until). */
export function PauseDialog({ companyID, item, onClose }: { companyID: number; item: ItemDto; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update] = useUpdateItemMutation();
  const [initial] = useState(() => ({ paused_until: item.paused_until ?? '' }));
  const form = useForm<'paused_until'>(initial);
  const today = new Date().toISOString().slice(0, 10);
  const value = form.values.paused_until;
  const errors = { paused_until: required(value) ?? (value < today ? 'items.validation.pastDate' : undefined) };
  const submit = () =>
    form.submit(async () => {
      const now = await update({ companyID, customerID: item.customer_id, itemID: item.id, body: { paused_until: value } }).unwrap();
      dispatch(snackbarShown({ message: t('items.pausedDone', { name: now.name }), variant: 'success' }));
      onClose();
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('items.pauseTitle', { name: item.name })}
      testId="pause-dialog"
      submitLabel={t('items.pause')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField {...form.field('paused_until')} label={t('items.fields.paused_until')} error={errors.paused_until} required type="date" />
    </FormDialog>
  );
}
