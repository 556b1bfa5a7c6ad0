import { AccessGroup, hasRole, Role } from '@kanban/access';
import { MAX_ORDER_IMAGES } from '@kanban/contracts';
import { Box, Button, Card, Flex, Heading, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { fetchFile, saveBlob } from '../../shared/api/download';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useFormat } from '../../i18n/useFormat';
import { FitInDialog } from '../../shared/images';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { Icon } from '../../shared/icons';
import { useViewer } from '../../shared/session/useViewer';
import {
  type OrderDto,
  type OrderImageDto,
  type OrderScope,
  useAddOrderImageMutation,
  useDeleteAttachmentMutation,
  useDeleteOrderImageMutation,
  useUploadAttachmentMutation,
} from './ordersApi';
import { attachmentErrorText, OrderPicture, PickButton, pictureErrorText, sizeText } from './OrderFileParts';

/**
 * The "Attachment" and "Pictures" cards of an order or a waiting request (docs/replenishment.md "Attachments and
 * pictures"): download, attach or replace a PDF or a picture, add pictures (at most MAX_ORDER_IMAGES; a click opens one large) and
 * delete after asking. Staff who may change data and customer users change them; everyone who sees the order reads.
 */
export function OrderFiles({ order, scope }: { order: OrderDto; scope: OrderScope }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const role = useViewer().role;
  const mayChange = hasRole(role, AccessGroup.user) || role === Role.Customer;
  const token = useAppSelector((s) => s.session.token);
  const args = { ...scope, orderID: order.id };
  const [uploadAttachment, attaching] = useUploadAttachmentMutation();
  const [deleteAttachment, detaching] = useDeleteAttachmentMutation();
  const [addImage, adding] = useAddOrderImageMutation();
  const [deleteImage, deletingImage] = useDeleteOrderImageMutation();
  const [attachmentFailure, setAttachmentFailure] = useState<string | null>(null);
  const [pictureFailure, setPictureFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<'attachment' | OrderImageDto | null>(null);
  const [large, setLarge] = useState<OrderImageDto | null>(null);
  const done = (message: string) => dispatch(snackbarShown({ message, variant: 'success' }));
  const failed = (error: unknown) => dispatch(snackbarShown({ message: errorText(error, t), variant: 'error' }));

  const attach = (file: File) => {
    setAttachmentFailure(null);
    uploadAttachment({ ...args, file })
      .unwrap()
      .then(() => done(t('orders.files.attached')))
      .catch((error: unknown) => setAttachmentFailure(attachmentErrorText(error, t)));
  };
  const download = () => {
    if (!order.attachment) return;
    const name = order.attachment.name;
    fetchFile(token, order.attachment.url)
      .then((response) => response.blob())
      .then((blob) => saveBlob(blob, name))
      .catch(failed);
  };
  const addPicture = (file: File) => {
    setPictureFailure(null);
    addImage({ ...args, file })
      .unwrap()
      .then(() => done(t('orders.files.pictureAdded')))
      .catch((error: unknown) => setPictureFailure(pictureErrorText(error, t)));
  };
  const confirmDelete = () => {
    const target = asking;
    if (!target) return;
    const call =
      target === 'attachment'
        ? deleteAttachment(args)
            .unwrap()
            .then(() => done(t('orders.files.removed')))
        : deleteImage({ ...args, imageID: target.id })
            .unwrap()
            .then(() => done(t('orders.files.pictureDeleted')));
    void call.catch(failed).finally(() => setAsking(null));
  };

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Card.Root data-testid="order-attachment">
        <Card.Body>
          <Flex align="center" gap="3" wrap="wrap" mb="3">
            <Heading as="h2" size="md">
              {t('orders.files.attachment')}
            </Heading>
            {mayChange ? (
              <Box ml="auto">
                <PickButton
                  accept="application/pdf,image/*"
                  label={order.attachment ? t('orders.files.replace') : t('orders.files.attach')}
                  busy={attaching.isLoading}
                  testId="order-attachment-upload"
                  onPick={attach}
                />
              </Box>
            ) : null}
          </Flex>
          {attachmentFailure ? (
            <Text color="red.600" fontSize="sm" role="alert" mb="2" data-testid="order-attachment-error">
              {attachmentFailure}
            </Text>
          ) : null}
          {order.attachment ? (
            <Flex align="center" gap="3" wrap="wrap">
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="medium" truncate data-testid="order-attachment-name">
                  {order.attachment.name}
                </Text>
                <Text fontSize="xs" color="gray.600">
                  {sizeText(order.attachment.size)} · {format.dateTime(order.attachment.uploaded_at)}
                </Text>
              </Stack>
              <Button size="sm" variant="outline" onClick={download} data-testid="order-attachment-download">
                <Icon name="download" />
                {t('orders.files.download')}
              </Button>
              {mayChange ? (
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('orders.files.remove')}
                  title={t('orders.files.remove')}
                  onClick={() => setAsking('attachment')}
                  data-testid="order-attachment-delete"
                >
                  <Icon name="close" />
                </IconButton>
              ) : null}
            </Flex>
          ) : (
            <Text color="gray.600" data-testid="order-attachment-none">
              {t('orders.files.noAttachment')}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root data-testid="order-pictures">
        <Card.Body>
          <Flex align="center" gap="3" wrap="wrap" mb="3">
            <Heading as="h2" size="md">
              {t('orders.files.pictures')}
            </Heading>
            {mayChange && order.images.length < MAX_ORDER_IMAGES ? (
              <Box ml="auto">
                <PickButton accept="image/*" label={t('orders.files.addPicture')} busy={adding.isLoading} testId="order-picture-upload" onPick={addPicture} />
              </Box>
            ) : null}
          </Flex>
          {pictureFailure ? (
            <Text color="red.600" fontSize="sm" role="alert" mb="2" data-testid="order-picture-error">
              {pictureFailure}
            </Text>
          ) : null}
          {order.images.length === 0 ? (
            <Text color="gray.600" data-testid="order-pictures-none">
              {t('orders.files.noPictures')}
            </Text>
          ) : (
            <Flex gap="3" wrap="wrap">
              {order.images.map((image, index) => (
                <Stack key={image.id} gap="1" align="center" data-testid="order-picture">
                  <Flex
                    as="button"
                    w="96px"
                    h="96px"
                    align="center"
                    justify="center"
                    borderWidth="1px"
                    borderRadius="md"
                    bg="gray.50"
                    overflow="hidden"
                    cursor="zoom-in"
                    onClick={() => setLarge(image)}
                    aria-label={t('orders.files.open', { n: index + 1 })}
                    title={t('orders.files.open', { n: index + 1 })}
                    data-testid="order-picture-open"
                  >
                    <OrderPicture url={image.url} size={192} alt={t('orders.files.picture', { n: index + 1 })} testId="order-picture-thumb" />
                  </Flex>
                  {mayChange ? (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('orders.files.deletePicture')}
                      title={t('orders.files.deletePicture')}
                      onClick={() => setAsking(image)}
                      data-testid="order-picture-delete"
                    >
                      <Icon name="close" />
                    </IconButton>
                  ) : null}
                </Stack>
              ))}
            </Flex>
          )}
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'attachment' ? t('orders.files.removeTitle') : t('orders.files.deletePictureTitle')}
        text={asking === 'attachment' ? t('orders.files.removeText', { name: order.attachment?.name ?? '' }) : t('orders.files.deletePictureText')}
        confirmLabel={asking === 'attachment' ? t('orders.files.remove') : t('orders.files.deletePicture')}
        busy={detaching.isLoading || deletingImage.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setAsking(null)}
      />
      {large ? (
        <FitInDialog
          title={t('orders.files.picture', { n: order.images.findIndex((i) => i.id === large.id) + 1 })}
          testId="order-picture-dialog"
          closeTestId="order-picture-close"
          onClose={() => setLarge(null)}
        >
          {(box) => (
            <OrderPicture
              url={large.url}
              size={1600}
              alt={t('orders.files.picture', { n: order.images.findIndex((i) => i.id === large.id) + 1 })}
              testId="order-picture-large"
              maxWidth={`${box.maxWidth}px`}
              maxHeight={`${box.maxHeight}px`}
            />
          )}
        </FitInDialog>
      ) : null}
    </SimpleGrid>
  );
}
