import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { nameColumn } from '../../shared/lists/EntityList';
import { listTexts, ListPage, statusTexts, useListPage } from '../../shared/lists/ListPage';
import { CustomerDialog } from './CustomerDialog';
import {
  type CustomerDto,
  type CustomerListQuery,
  useCustomersQuery,
  useDeleteCustomerMutation,
  useToggleCustomerMutation,
} from './customersApi';

/** /c/{companyID}/customer: the customers, filtered, sorted and paged on the server; inactive ones with show-all. */
export function CustomersPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<CustomerDto, NonNullable<CustomerListQuery['sort']>>('name', { showAll: true });
  const result = useCustomersQuery({ companyID, ...state.params, all: state.list.all });
  const [toggle] = useToggleCustomerMutation();
  const [remove] = useDeleteCustomerMutation();
  return (
    <ListPage
      kind="customer"
      state={state}
      result={result}
      texts={listTexts(t, 'customers')}
      columns={[
        nameColumn(t('customers.fields.name'), (c) => `/c/${companyID}/customer/${c.id}/`),
        { label: t('customers.fields.nr'), sort: 'nr', render: (c) => c.nr },
        { label: t('customers.fields.city'), sort: 'city', render: (c) => [c.postal, c.city].filter(Boolean).join(' ') },
        { label: t('customers.fields.country_iso'), render: (c) => c.country_iso },
      ]}
      status={{ isActive: (c) => !c.inactive, ...statusTexts(t, 'customers') }}
      confirmWithImages
      actions={{
        setActive: (c, active) => toggle({ companyID, customerID: c.id, active }).unwrap(),
        remove: (c, options) => remove({ companyID, customerID: c.id, confirm: options?.confirm }).unwrap(),
      }}
      dialog={(customer, onClose) => <CustomerDialog companyID={companyID} customer={customer} onClose={onClose} />}
    />
  );
}
