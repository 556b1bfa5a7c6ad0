import { Box, Button, Dialog, Flex, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectedImage } from '../../shared/headers/EntityHeader';
import { EntityImages } from '../../shared/images';
import { Icon } from '../../shared/icons';
import type { ItemDto } from './itemsApi';

/**
 * An item's selected image as a small square (a neutral picture icon when it has none). With `onOpen` it is
 * a button that opens the item's images.
 */
export function ItemThumb({ item, size = 40, onOpen }: { item: Pick<ItemDto, 'name' | 'images'>; size?: number; onOpen?: () => void }) {
  const { t } = useTranslation();
  const url = selectedImage(item.images);
  const picture = (
    <Flex
      w={`${size}px`}
      h={`${size}px`}
      align="center"
      justify="center"
      borderWidth="1px"
      borderRadius="md"
      bg="gray.50"
      color="gray.400"
      overflow="hidden"
      flexShrink={0}
      data-testid="item-thumb"
      data-has-image={url ? 'true' : 'false'}
    >
      {url ? (
        <img src={`${url}?size=${size * 2}`} alt={t('items.imageOf', { name: item.name })} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      ) : (
        <Icon name="image" />
      )}
    </Flex>
  );
  if (!onOpen) return picture;
  return (
    <Box
      as="button"
      onClick={onOpen}
      aria-label={t('items.imagesOf', { name: item.name })}
      title={t('items.imagesOf', { name: item.name })}
      cursor="pointer"
      data-testid="item-thumb-open"
    >
      {picture}
    </Box>
  );
}

/** The images of an item (upload, selected and label image, delete) in a dialog, from the item lists. */
export function ItemImagesDialog({ companyID, item, onClose }: { companyID: number; item: ItemDto; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="item-images-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {item.sku} · {item.name}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <EntityImages companyID={companyID} owner={{ field: 'item_id', id: item.id }} entityTag={{ type: 'Item', id: item.id }} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="item-images-close">
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
