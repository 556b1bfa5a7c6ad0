import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { LocationHeader } from '../headers';
import { RackGrid } from './RackGrid';
import { useStorageBinsQuery } from './storagesApi';
import { useNow, useStorageNamed, useStoragePageIds } from './useStorageContext';

/**
 * …/storage/{storageID}/preview: the rack as the customer sees it in the app: read-only bins with their items;
 * stock and fill levels only when the server shows them to the caller (staff always, customer users when their
 * customer's show_stock_in_app is on), no sensors.
 */
export function StoragePreviewPage() {
  const { t } = useTranslation();
  const ids = useStoragePageIds();
  const grid = useStorageBinsQuery(ids, { pollingInterval: 60_000 });
  const now = useNow();
  const data = grid.data;
  useStorageNamed(data?.storage);
  return (
    <Stack gap="4" data-testid="storage-preview">
      <LocationHeader companyID={ids.companyID} customerID={ids.customerID} locationID={ids.locationID} />
      <Heading as="h1" size="xl">
        {data ? t('storages.preview.heading', { name: data.storage.name }) : t('storages.preview.title')}
      </Heading>
      {grid.error ? (
        <Alert.Root status="error" data-testid="preview-error">
          <Alert.Indicator />
          <Alert.Title>{errorText(grid.error, t)}</Alert.Title>
        </Alert.Root>
      ) : data ? (
        <>
          <Text color="fg.muted" fontSize="sm" data-testid="preview-hint">
            {data.show_stock ? t('storages.preview.withStock') : t('storages.preview.withoutStock')}
          </Text>
          <RackGrid grid={data} mode="preview" now={now} />
        </>
      ) : (
        <PageSpinner />
      )}
    </Stack>
  );
}
