import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action with consequences; the action runs only on the explicit confirm button. The button is red
 * for destructive actions (delete, discard: the default) and blue for the others (confirm, acknowledge, undo a
 * delivery): red means "this removes something".
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  tone = 'danger',
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** `danger` (default): destructive, a red button; `positive`: anything else, a blue one */
  tone?: 'danger' | 'positive';
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette={tone === 'danger' ? 'red' : 'blue'} onClick={onConfirm} loading={busy} data-testid="confirm-submit">
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
