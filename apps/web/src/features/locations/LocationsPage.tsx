import { AccessGroup, hasRole } from '@kanban/access';
import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CustomerHeader } from '../headers/ContextHeaders';
import { EntityList } from '../lists/EntityList';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { useViewer } from '../session/useViewer';
import { LocationDialog } from './LocationDialog';
import {
  type LocationDto,
  type LocationListQuery,
  useDeleteLocationMutation,
  useLocationsQuery,
  useToggleLocationMutation,
} from './locationsApi';

/** /c/{companyID}/customer/{customerID}/location: the customer's locations, filtered, sorted and paged on the server. */
export function LocationsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<NonNullable<LocationListQuery['sort']>>('sort');
  const { data, error, isFetching } = useLocationsQuery({ companyID, customerID, ...list.params });
  const [toggle] = useToggleLocationMutation();
  const [remove] = useDeleteLocationMutation();
  const [editing, setEditing] = useState<LocationDto | 'new' | null>(null);
  const ids = (l: LocationDto) => ({ companyID, customerID, locationID: l.id });
  return (
    <Stack gap="4">
      <CustomerHeader companyID={companyID} customerID={customerID} />
      <ListFrame
        title={t('locations.title')}
        testId="locations-page"
        create={
          canWrite
            ? { label: t('locations.create'), onClick: () => setEditing('new'), testId: 'location-create' }
            : undefined
        }
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('locations.filter')}
        filterTestId="location-filter"
        all={list.all}
        onAll={list.setAll}
        error={error}
      >
        <EntityList
          kind="location"
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          nameLabel={t('locations.fields.name')}
          link={(l) => `/c/${companyID}/customer/${customerID}/location/${l.id}/`}
          columns={[
            { label: t('locations.fields.nr'), sort: 'nr', render: (l) => l.nr },
            { label: t('locations.fields.extended_name'), render: (l) => l.extended_name },
            {
              label: t('locations.fields.city'),
              sort: 'city',
              render: (l) => [l.postal, l.city].filter(Boolean).join(' '),
            },
            { label: t('locations.fields.sort'), sort: 'sort', render: (l) => l.sort },
          ]}
          isActive={(l) => l.inactive_at === null}
          actions={
            canWrite
              ? {
                  edit: setEditing,
                  setActive: (l, active) => toggle({ ...ids(l), active }).unwrap(),
                  remove: (l) => remove(ids(l)).unwrap(),
                }
              : undefined
          }
          texts={{
            activated: (name) => t('locations.activated', { name }),
            deactivated: (name) => t('locations.deactivated', { name }),
            deleted: (name) => t('locations.deleted', { name }),
            deleteTitle: t('locations.deleteTitle'),
            deleteText: (name) => t('locations.deleteText', { name }),
            none: t('locations.none'),
          }}
          filtered={list.filtered}
        />
        {editing ? (
          <LocationDialog
            companyID={companyID}
            customerID={customerID}
            location={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </ListFrame>
    </Stack>
  );
}
