import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FillLevelSection } from '../rules';
import type { StorageBinDto, StorageIds } from './storagesApi';

/**
 * A bin's fill level for those who read the plan without changing it (readers, customer users): the chart of its
 * rule over a period. Writers see the same chart at the top of the bin's dialog (BinDialog).
 */
export function BinFillDialog({ ids, bin, onClose }: { ids: StorageIds; bin: StorageBinDto & { rule: NonNullable<StorageBinDto['rule']> }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="bin-fill-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('fillLevel.open', { label: bin.label })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <FillLevelSection
                companyID={ids.companyID}
                ruleID={bin.rule.id}
                customerID={ids.customerID}
                locationID={ids.locationID}
                sku={bin.rule.sku}
                onNavigate={onClose}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="bin-fill-close">
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
