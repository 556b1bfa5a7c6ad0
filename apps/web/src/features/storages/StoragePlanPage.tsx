import { Alert, Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { useViewer } from '../../shared/session/useViewer';
import { LocationHeader } from '../headers';
import { BinDialog } from './BinDialog';
import { BinFillDialog } from './BinFillDialog';
import { binAlarms, layoutHintKey } from './binView';
import { RackGrid } from './RackGrid';
import { type StorageBinDto, useStorageBinsQuery } from './storagesApi';
import { useNow, useStorageNamed, useStoragePageIds } from './useStorageContext';

/**
 * …/storage/{storageID}/plan: the rack's bins as it stands (rows × columns, bin 1 where the layout puts it), each with
 * label, item, fill level, stock, threshold and capacity, its sensor and the age of the last reading, and alarms
 * (sensor offline, stock at or below the threshold). Writers click a bin to put a rule and a sensor into it or empty
 * it (and see its fill level there); readers and customer users click a bin with a rule to see its fill level.
 * Refreshed every minute and after any rule's stock changes.
 */
export function StoragePlanPage() {
  const { t } = useTranslation();
  const ids = useStoragePageIds();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const grid = useStorageBinsQuery(ids, { pollingInterval: 60_000 });
  const now = useNow();
  const [open, setOpen] = useState<StorageBinDto | null>(null);
  const data = grid.data;
  useStorageNamed(data?.storage);
  const filled = data?.bins.filter((b) => b.kanban_rule_id !== null).length ?? 0;
  const alarms = data?.bins.filter((b) => binAlarms(b).length > 0).length ?? 0;
  return (
    <Stack gap="4" data-testid="storage-plan">
      <LocationHeader companyID={ids.companyID} customerID={ids.customerID} locationID={ids.locationID} />
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {data ? t('storages.plan.heading', { name: data.storage.name }) : t('storages.plan.title')}
        </Heading>
        {data ? (
          <Flex gap="2" wrap="wrap" data-testid="plan-summary">
            <Badge size="lg">{t('storages.plan.filled', { filled, total: data.bins.length })}</Badge>
            {alarms > 0 ? (
              <Badge size="lg" colorPalette="red">
                {t('storages.plan.alarmCount', { count: alarms })}
              </Badge>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
      {grid.error ? (
        <Alert.Root status="error" data-testid="plan-error">
          <Alert.Indicator />
          <Alert.Title>{errorText(grid.error, t)}</Alert.Title>
        </Alert.Root>
      ) : data ? (
        <>
          <Text color="fg.muted" fontSize="sm">
            {t(layoutHintKey(data.storage.layout))} {canWrite ? t('storages.plan.clickHint') : t('fillLevel.planHint')}
          </Text>
          {/* writers open any bin (BinDialog, with the fill level); readers and customer users a bin's fill level */}
          <RackGrid grid={data} mode="plan" now={now} onOpen={setOpen} canOpen={canWrite ? undefined : (bin) => bin.rule !== null} />
        </>
      ) : (
        <PageSpinner />
      )}
      {open && canWrite ? <BinDialog key={`${open.row}-${open.column}`} ids={ids} bin={open} onClose={() => setOpen(null)} /> : null}
      {open && !canWrite && open.rule ? <BinFillDialog ids={ids} bin={{ ...open, rule: open.rule }} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
