import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useSendSupportMutation } from '../companies';
import { FormDialog } from '../../shared/forms/FormDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { isValid } from '../../shared/forms/validation';
import { dialogOpened, snackbarShown } from '../../shared/layout/layoutSlice';

const EMPTY = { subject: '', message: '' };

/** Support request to the company's support address: subject and message, both required (spec 5). */
export function SupportDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'support');
  const companyID = useAppSelector((s) => s.navigation.companyID);
  const [send] = useSendSupportMutation();
  const form = useForm(EMPTY);
  const errors = {
    subject: form.values.subject.trim() ? undefined : 'support.subjectRequired',
    message: form.values.message.trim() ? undefined : 'support.messageRequired',
  };
  const close = () => {
    dispatch(dialogOpened(null));
    form.reset();
  };
  const submit = () =>
    form.submit(async () => {
      if (!companyID) return;
      await send({
        companyID,
        subject: form.values.subject.trim(),
        message: form.values.message.trim(),
      }).unwrap();
      close();
      dispatch(snackbarShown({ message: t('support.sent'), variant: 'success' }));
    });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('support.title')}
      testId="support-dialog"
      submitLabel={t('support.send')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField
        {...form.field('subject')}
        label={t('support.subject')}
        error={errors.subject}
        required
        maxLength={200}
      />
      <TextField
        {...form.field('message')}
        label={t('support.message')}
        error={errors.message}
        required
        multiline
        maxLength={5000}
      />
    </FormDialog>
  );
}
