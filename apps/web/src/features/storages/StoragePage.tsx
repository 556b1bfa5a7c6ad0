import { Alert, Button, Card, Flex, Heading, Stack } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useForm } from '../../shared/forms/useForm';
import { isValid } from '../../shared/forms/validation';
import { useAppDispatch } from '../../shared/hooks';
import { Icon } from '../../shared/icons';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { apiPath } from '../../shared/navigation/apiPath';
import { entityNamed } from '../../shared/navigation/contextSlice';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { useViewer } from '../../shared/session/useViewer';
import { LocationHeader } from '../headers';
import { StorageFields } from './StorageFields';
import { storageBody, storageErrors, storageValues, translatedSaveError } from './storageForm';
import { type StorageDto, type StorageIds, useDeleteStorageMutation, useStorageQuery, useUpdateStorageMutation } from './storagesApi';
import { useStorageIds } from './useStorageContext';

/**
 * /c/{companyID}/customer/{customerID}/location/{locationID}/storage/{storageID}: the rack's page (the storage
 * context's dashboard): its fields, saved by writers (field messages in the reader's language), and delete after
 * asking. Readers see the same fields read-only. Names the rack for the breadcrumbs.
 */
export function StoragePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useStorageIds();
  const ids: StorageIds = { ...location, storageID: Number(useParams().storageID) };
  const storage = useStorageQuery(ids);
  const data = storage.data;
  useEffect(() => {
    if (data) dispatch(entityNamed({ kind: 'storage', entity: { id: data.id, name: data.name } }));
  }, [data, dispatch]);
  return (
    <Stack gap="4">
      <LocationHeader companyID={ids.companyID} customerID={ids.customerID} locationID={ids.locationID} />
      {storage.error ? (
        <Alert.Root status="error" data-testid="storage-error">
          <Alert.Indicator />
          <Alert.Title>{errorText(storage.error, t)}</Alert.Title>
        </Alert.Root>
      ) : data ? (
        <StorageEditor key={`${data.id}-${data.updated_at}`} ids={ids} storage={data} />
      ) : (
        <PageSpinner />
      )}
    </Stack>
  );
}

function StorageEditor({ ids, storage }: { ids: StorageIds; storage: StorageDto }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const [update] = useUpdateStorageMutation();
  const [remove, removal] = useDeleteStorageMutation();
  const [initial] = useState(() => storageValues(storage));
  const form = useForm(initial);
  const [stocked, setStocked] = useState(storage.stocked_or_ordered);
  const [asking, setAsking] = useState(false);
  const errors = storageErrors(form.values);
  const save = () =>
    form.submit(async () => {
      try {
        await update({ ...ids, body: storageBody(form.values, stocked) }).unwrap();
        dispatch(snackbarShown({ message: t('storages.saved'), variant: 'success' }));
      } catch (error) {
        throw translatedSaveError(error, t);
      }
    });
  const confirmDelete = () =>
    remove(ids)
      .unwrap()
      .then(() => {
        dispatch(snackbarShown({ message: t('storages.deleted', { name: storage.name }), variant: 'success' }));
        void navigate(`${apiPath({ companyID: ids.companyID, customerID: ids.customerID, locationID: ids.locationID }, 'storage')}`);
      })
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setAsking(false));
  return (
    <Card.Root data-testid="storage-page">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="xl" data-testid="storage-name">
            {storage.name}
          </Heading>
          {canWrite ? (
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => setAsking(true)} data-testid="storage-delete">
              <Icon name="close" />
              {t('lists.delete')}
            </Button>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canWrite && isValid(errors)) save();
          }}
        >
          <fieldset disabled={!canWrite}>
            <Stack gap="4">
              {form.failure ? (
                <Alert.Root status="error" data-testid="storage-form-error">
                  <Alert.Indicator />
                  <Alert.Title>{form.failure}</Alert.Title>
                </Alert.Root>
              ) : null}
              <StorageFields companyID={ids.companyID} form={form} errors={errors} stocked={stocked} onStocked={setStocked} />
              {canWrite ? (
                <Flex justify="flex-end">
                  <Button type="submit" disabled={!isValid(errors) || form.locked} loading={form.locked} data-testid="storage-save">
                    {t('common.save')}
                  </Button>
                </Flex>
              ) : null}
            </Stack>
          </fieldset>
        </form>
      </Card.Body>
      <ConfirmDialog
        open={asking}
        title={t('storages.deleteTitle')}
        text={t('storages.deleteText', { name: storage.name })}
        confirmLabel={t('lists.delete')}
        busy={removal.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setAsking(false)}
      />
    </Card.Root>
  );
}
