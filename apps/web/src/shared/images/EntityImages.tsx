import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  IconButton,
  SimpleGrid,
  Spinner,
  Text,
} from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../api/apiError';
import { useAppDispatch } from '../hooks';
import { snackbarShown } from '../layout/layoutSlice';
import { ConfirmDialog } from '../lists/ConfirmDialog';
import { Icon } from '../icons';
import { useViewer } from '../session/useViewer';
import { fitInVariant } from './fitIn';
import { FitInDialog } from './FitInDialog';
import {
  type EntityImageDto,
  type EntityTag,
  type ImageOwner,
  useDeleteEntityImagesMutation,
  useEntityImagesQuery,
  useUpdateEntityImageMutation,
  useUploadEntityImageMutation,
} from './imagesApi';

/** The translated text of a failed upload: no or not an image (1013), too large, too many pixels, else the catalogue. */
export function uploadErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error)) {
    if (error.code === 1013) return t('images.errors.notAnImage');
    if (error.code === 1000 && /larger than/.test(error.message)) return t('images.errors.tooLarge');
    if (error.code === 1000 && /megapixels/.test(error.message)) return t('images.errors.tooManyPixels');
  }
  return errorText(error, t);
}

/**
 * The images of a customer, supplier (location, item): upload, choose the selected image (shown in the
 * header) and the label image, delete after asking. Changing needs the user group; everyone who sees the
 * entity sees its images.
 */
export function EntityImages({
  companyID,
  owner,
  entityTag,
}: {
  companyID: number;
  owner: ImageOwner;
  entityTag?: EntityTag;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { data: images, isLoading } = useEntityImagesQuery({ companyID, owner });
  const [upload, uploading] = useUploadEntityImageMutation();
  const [update] = useUpdateEntityImageMutation();
  const [remove, removing] = useDeleteEntityImagesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EntityImageDto | null>(null);
  const [enlarged, setEnlarged] = useState<EntityImageDto | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const args = { companyID, owner, entityTag };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    try {
      await upload({ ...args, file }).unwrap();
      dispatch(snackbarShown({ message: t('images.uploaded'), variant: 'success' }));
    } catch (error) {
      setFailure(uploadErrorText(error, t));
    }
  };

  const flag = async (image: EntityImageDto, change: { selected?: boolean; selected_label?: boolean }) => {
    try {
      await update({ ...args, id: image.id, ...change }).unwrap();
    } catch (error) {
      dispatch(snackbarShown({ message: errorText(error, t), variant: 'error' }));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ ...args, ids: [deleting.id] }).unwrap();
      dispatch(snackbarShown({ message: t('images.deleted'), variant: 'success' }));
    } catch (error) {
      dispatch(snackbarShown({ message: errorText(error, t), variant: 'error' }));
    }
    setDeleting(null);
  };

  return (
    <Card.Root data-testid="entity-images">
      <Card.Header>
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('images.title')}
          </Heading>
          {canWrite ? (
            <Box ml="auto">
              <input
                ref={input}
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => void pick(e)}
                data-testid="entity-image-input"
                aria-label={t('images.upload')}
              />
              <Button
                size="sm"
                variant="outline"
                loading={uploading.isLoading}
                onClick={() => input.current?.click()}
                data-testid="entity-image-upload"
              >
                <Icon name="image" />
                {t('images.upload')}
              </Button>
            </Box>
          ) : null}
        </Flex>
        {failure ? (
          <Text color="red.600" fontSize="sm" role="alert" data-testid="entity-image-error" mt="2">
            {failure}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Spinner size="sm" />
        ) : !images?.length ? (
          <Text color="gray.600" data-testid="entity-images-empty">
            {t('images.none')}
          </Text>
        ) : (
          <SimpleGrid minChildWidth="160px" gap="3">
            {images.map((image) => (
              <Box
                key={image.id}
                borderWidth="1px"
                borderRadius="md"
                p="2"
                data-testid="entity-image"
                data-selected={image.selected}
              >
                <Flex
                  as="button"
                  w="full"
                  h="128px"
                  align="center"
                  justify="center"
                  bg="gray.50"
                  borderRadius="sm"
                  overflow="hidden"
                  cursor="zoom-in"
                  onClick={() => setEnlarged(image)}
                  aria-label={t('images.enlarge')}
                  title={t('images.enlarge')}
                  data-testid="entity-image-open"
                >
                  <img
                    src={`${image.url}?size=256`}
                    alt={t('images.alt')}
                    style={{ maxWidth: '100%', maxHeight: '128px', objectFit: 'contain' }}
                  />
                </Flex>
                <Flex gap="1" mt="2" align="center" wrap="wrap">
                  {image.selected ? <Badge colorPalette="blue">{t('images.selected')}</Badge> : null}
                  {image.selected_label ? <Badge colorPalette="green">{t('images.label')}</Badge> : null}
                  {canWrite ? (
                    <Flex gap="1" ml="auto">
                      {!image.selected ? (
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={t('images.select')}
                          title={t('images.select')}
                          onClick={() => void flag(image, { selected: true })}
                          data-testid="entity-image-select"
                        >
                          <Icon name="star" />
                        </IconButton>
                      ) : null}
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={image.selected_label ? t('images.unsetLabel') : t('images.setLabel')}
                        title={image.selected_label ? t('images.unsetLabel') : t('images.setLabel')}
                        onClick={() => void flag(image, { selected_label: !image.selected_label })}
                        data-testid="entity-image-label"
                      >
                        <Icon name="print" />
                      </IconButton>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('images.delete')}
                        title={t('images.delete')}
                        onClick={() => setDeleting(image)}
                        data-testid="entity-image-delete"
                      >
                        <Icon name="close" />
                      </IconButton>
                    </Flex>
                  ) : null}
                </Flex>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
      {enlarged ? (
        <FitInDialog title={t('images.enlarged')} testId="entity-image-dialog" closeTestId="entity-image-close" onClose={() => setEnlarged(null)}>
          {(box) => (
            <img
              src={`${enlarged.url}?size=${fitInVariant(box)}`}
              alt={t('images.alt')}
              data-testid="entity-image-large"
              style={{ maxWidth: `${box.maxWidth}px`, maxHeight: `${box.maxHeight}px`, objectFit: 'contain' }}
            />
          )}
        </FitInDialog>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('images.deleteTitle')}
        text={t('images.deleteText')}
        confirmLabel={t('images.delete')}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Card.Root>
  );
}
