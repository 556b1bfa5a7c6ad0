import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { nameColumn } from '../../shared/lists/EntityList';
import { listTexts, ListPage, statusTexts, useListPage } from '../../shared/lists/ListPage';
import { SupplierDialog } from './SupplierDialog';
import {
  type SupplierDto,
  type SupplierListQuery,
  useDeleteSupplierMutation,
  useSuppliersQuery,
  useToggleSupplierMutation,
} from './suppliersApi';

/** /c/{companyID}/supplier: the suppliers, filtered, sorted and paged on the server; inactive ones with show-all. */
export function SuppliersPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<SupplierDto, NonNullable<SupplierListQuery['sort']>>('name', { showAll: true });
  const result = useSuppliersQuery({ companyID, ...state.params, all: state.list.all });
  const [toggle] = useToggleSupplierMutation();
  const [remove] = useDeleteSupplierMutation();
  return (
    <ListPage
      kind="supplier"
      state={state}
      result={result}
      texts={listTexts(t, 'suppliers')}
      columns={[
        nameColumn(t('suppliers.fields.name'), (s) => `/c/${companyID}/supplier/${s.id}/`),
        { label: t('suppliers.fields.nr'), sort: 'nr', render: (s) => s.nr },
        { label: t('suppliers.fields.city'), sort: 'city', render: (s) => [s.postal, s.city].filter(Boolean).join(' ') },
        { label: t('suppliers.fields.ext_nr'), render: (s) => s.ext_nr },
      ]}
      status={{ isActive: (s) => s.active, ...statusTexts(t, 'suppliers') }}
      confirmWithImages
      actions={{
        setActive: (s, active) => toggle({ companyID, supplierID: s.id, active }).unwrap(),
        remove: (s, options) => remove({ companyID, supplierID: s.id, confirm: options?.confirm }).unwrap(),
      }}
      dialog={(supplier, onClose) => <SupplierDialog companyID={companyID} supplier={supplier} onClose={onClose} />}
    />
  );
}
