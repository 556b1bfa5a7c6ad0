import { Button, Dialog, Flex, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { useFitInBox } from './fitIn';

/**
 * An image shown large: a dialog as wide as its picture, the picture fitted into the window's width minus 300 and
 * height minus 250 (spec 9). `children` draws the picture within the box it is given.
 */
export function FitInDialog({
  title,
  testId,
  closeTestId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  closeTestId: string;
  onClose: () => void;
  children: (box: { maxWidth: number; maxHeight: number }) => ReactNode;
}) {
  const { t } = useTranslation();
  const box = useFitInBox();
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} w="fit-content" minW="min(28rem, calc(100vw - 2rem))" maxW="calc(100vw - 2rem)">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Flex justify="center" align="center">
                {children(box)}
              </Flex>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid={closeTestId}>
                <Icon name="close" />
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
