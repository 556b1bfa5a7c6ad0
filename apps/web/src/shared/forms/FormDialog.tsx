import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from './FormMessage';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** submit button text */
  submitLabel: string;
  canSubmit: boolean;
  busy: boolean;
  /** message of a failed call, shown above the fields */
  failure: string | null;
  onSubmit: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
}

/** A dialog holding one form: fields, the error of the last call, cancel and submit (disabled until valid). */
export function FormDialog({
  size = 'md',
  open,
  onClose,
  title,
  testId,
  submitLabel,
  canSubmit,
  busy,
  failure,
  onSubmit,
  children,
}: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !busy) onSubmit();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormMessage
                    outcome={failure ? { ok: false, text: failure } : null}
                    testId={`${testId}-error`}
                  />
                  {children}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} type="button">
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="blue"
                  disabled={!canSubmit}
                  loading={busy}
                  data-testid={`${testId.replace(/-dialog$/, '')}-submit`}
                >
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
