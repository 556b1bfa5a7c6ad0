import { AccessGroup, hasRole } from '@kanban/access';
import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CustomerHeader } from '../headers';
import { useViewer } from '../../shared/session/useViewer';
import { ItemDialog } from './ItemDialog';
import { ItemList } from './ItemList';
import { type ItemDto, useDeleteItemMutation, useUpdateItemMutation } from './itemsApi';
import { PauseDialog } from './PauseDialog';

/** /c/{companyID}/customer/{customerID}/item: the customer's items; create, edit, disable/enable, pause/unpause, delete. */
export function CustomerItemsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const [update] = useUpdateItemMutation();
  const [remove] = useDeleteItemMutation();
  const [editing, setEditing] = useState<ItemDto | 'new' | null>(null);
  const [pausing, setPausing] = useState<ItemDto | null>(null);
  const patch = (row: ItemDto, body: Parameters<typeof update>[0]['body'], confirm?: boolean) =>
    update({ companyID, customerID, itemID: row.id, body, confirm }).unwrap();
  return (
    <Stack gap="4">
      <CustomerHeader companyID={companyID} customerID={customerID} />
      <ItemList
        scope={{ kind: 'customer', companyID, customerID }}
        testId="items-page"
        create={canWrite ? { label: t('items.create'), onClick: () => setEditing('new'), testId: 'item-create' } : undefined}
        images
        actions={
          canWrite
            ? {
                edit: setEditing,
                setDisabled: (row, disabled, options) => patch(row, { disabled }, options?.confirm),
                pause: setPausing,
                unpause: (row) => patch(row, { paused_until: null }),
                remove: (row, options) => remove({ companyID, customerID, itemID: row.id, ...options }).unwrap(),
              }
            : undefined
        }
      />
      {editing ? <ItemDialog companyID={companyID} customerID={customerID} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {pausing ? <PauseDialog companyID={companyID} item={pausing} onClose={() => setPausing(null)} /> : null}
    </Stack>
  );
}
