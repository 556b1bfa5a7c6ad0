import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorText } from '../../app/apiError';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useSendSupportMutation } from '../companies/companiesApi';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useServerErrors } from '../forms/useServerErrors';
import { useSubmitLock } from '../forms/useSubmitLock';
import { isValid } from '../forms/validation';
import { dialogOpened, snackbarShown } from '../layout/layoutSlice';

const EMPTY = { subject: '', message: '' };

/** Support request to the company's support address: subject and message, both required (spec 5). */
export function SupportDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'support');
  const companyID = useAppSelector((s) => s.navigation.companyID);
  const [send] = useSendSupportMutation();
  const { locked, run } = useSubmitLock();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState({ subject: false, message: false });
  const [failure, setFailure] = useState<string | null>(null);
  const server = useServerErrors();
  const errors = {
    subject: values.subject.trim() ? undefined : 'support.subjectRequired',
    message: values.message.trim() ? undefined : 'support.messageRequired',
  };
  const close = () => {
    dispatch(dialogOpened(null));
    setValues(EMPTY);
    setTouched({ subject: false, message: false });
    setFailure(null);
    server.reset();
  };
  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((s) => ({ ...s, [name]: true }));
    server.clear(name);
  };
  const submit = () =>
    void run(async () => {
      if (!companyID) return;
      setFailure(null);
      try {
        await send({ companyID, subject: values.subject.trim(), message: values.message.trim() }).unwrap();
        close();
        dispatch(snackbarShown({ message: t('support.sent'), variant: 'success' }));
      } catch (error) {
        setFailure(formErrorText(error, t));
        server.fromError(error);
      }
    });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('support.title')}
      testId="support-dialog"
      submitLabel={t('support.send')}
      canSubmit={isValid(errors)}
      busy={locked}
      failure={failure}
      onSubmit={submit}
    >
      <TextField
        name="subject"
        label={t('support.subject')}
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
        touched={touched.subject}
        required
        serverError={server.errors.subject}
        maxLength={200}
      />
      <TextField
        name="message"
        label={t('support.message')}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
        touched={touched.message}
        required
        serverError={server.errors.message}
        multiline
        maxLength={5000}
      />
    </FormDialog>
  );
}
