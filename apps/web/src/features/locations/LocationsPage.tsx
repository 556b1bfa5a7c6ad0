import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CustomerHeader } from '../headers';
import { nameColumn } from '../../shared/lists/EntityList';
import { listTexts, ListPage, statusTexts, useListPage } from '../../shared/lists/ListPage';
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
  const state = useListPage<LocationDto, NonNullable<LocationListQuery['sort']>>('sort', { showAll: true });
  const result = useLocationsQuery({ companyID, customerID, ...state.params, all: state.list.all });
  const [toggle] = useToggleLocationMutation();
  const [remove] = useDeleteLocationMutation();
  const ids = (l: LocationDto) => ({ companyID, customerID, locationID: l.id });
  return (
    <ListPage
      kind="location"
      state={state}
      result={result}
      texts={listTexts(t, 'locations')}
      header={<CustomerHeader companyID={companyID} customerID={customerID} />}
      columns={[
        nameColumn(t('locations.fields.name'), (l) => `/c/${companyID}/customer/${customerID}/location/${l.id}/`),
        { label: t('locations.fields.nr'), sort: 'nr', render: (l) => l.nr },
        { label: t('locations.fields.extended_name'), render: (l) => l.extended_name },
        { label: t('locations.fields.city'), sort: 'city', render: (l) => [l.postal, l.city].filter(Boolean).join(' ') },
        { label: t('locations.fields.sort'), sort: 'sort', render: (l) => l.sort },
      ]}
      status={{ isActive: (l) => l.inactive_at === null, ...statusTexts(t, 'locations') }}
      confirmWithImages
      actions={{
        setActive: (l, active) => toggle({ ...ids(l), active }).unwrap(),
        remove: (l, options) => remove({ ...ids(l), confirm: options?.confirm }).unwrap(),
      }}
      dialog={(location, onClose) => (
        <LocationDialog companyID={companyID} customerID={customerID} location={location} onClose={onClose} />
      )}
    />
  );
}
