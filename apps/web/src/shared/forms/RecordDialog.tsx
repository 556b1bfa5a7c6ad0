import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from './FormDialog';

/**
 * The frame of a dialog that creates or edits one record: a FormDialog with "Save", the form's submit lock
 * and the failure of its last submit (useForm), wide unless told otherwise.
 */
export function RecordDialog({
  testId,
  title,
  form,
  canSubmit,
  onSubmit,
  onClose,
  size = 'lg',
  children,
}: {
  testId: string;
  title: string;
  form: { locked: boolean; failure: string | null };
  canSubmit: boolean;
  onSubmit: () => void;
  onClose: () => void;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      testId={testId}
      submitLabel={t('common.save')}
      canSubmit={canSubmit}
      busy={form.locked}
      failure={form.failure}
      onSubmit={onSubmit}
      size={size}
    >
      {children}
    </FormDialog>
  );
}
