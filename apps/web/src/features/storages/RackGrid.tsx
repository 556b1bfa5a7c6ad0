import { Badge, Box, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { binPlace } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { useIsMobile } from '../../shared/layout/useMediaQuery';
import { ageText, binAlarms, fillPalette } from './binView';
import type { StorageBinDto, StorageBinsDto } from './storagesApi';

interface Props {
  grid: StorageBinsDto;
  /** plan: sensors, alarms and (for writers) a click per bin; preview: what the customer sees */
  mode: 'plan' | 'preview';
  onOpen?: (bin: StorageBinDto) => void;
  /** which bins onOpen takes (default all) */
  canOpen?: (bin: StorageBinDto) => boolean;
  now: number;
}

/**
 * A rack's bins: on wider screens the grid of rows × columns as the rack stands (bin 1 where the layout puts it,
 * `binPlace`), scrolling sideways when it is wider than the page; on a phone (≤ 760 px) a list of the bins in
 * their numbers' order, which a shop-floor user walks along the rack with.
 */
export function RackGrid({ grid, mode, onOpen, canOpen, now }: Props) {
  const openFor = (bin: StorageBinDto) => (onOpen && (canOpen?.(bin) ?? true) ? onOpen : undefined);
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { storage } = grid;
  if (mobile) {
    return (
      <Stack gap="2" data-testid="rack-list" aria-label={t('storages.plan.bins')}>
        {grid.bins.map((bin) => (
          <BinTile key={`${bin.row}-${bin.column}`} bin={bin} grid={grid} mode={mode} onOpen={openFor(bin)} now={now} inList />
        ))}
      </Stack>
    );
  }
  return (
    <Box overflowX="auto" pb="2" role="region" aria-label={t('storages.plan.bins')} tabIndex={0}>
      <Box
        data-testid="rack-grid"
        display="grid"
        gap="2"
        gridTemplateColumns={`repeat(${storage.columns}, minmax(${mode === 'plan' ? 170 : 150}px, 1fr))`}
        gridTemplateRows={`repeat(${storage.rows}, auto)`}
      >
        {grid.bins.map((bin) => {
          const place = binPlace(storage.layout, storage.rows, storage.columns, bin.row, bin.column);
          return (
            <Box key={`${bin.row}-${bin.column}`} gridRow={place.gridRow} gridColumn={place.gridColumn} minW="0">
              <BinTile bin={bin} grid={grid} mode={mode} onOpen={openFor(bin)} now={now} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function BinTile({
  bin,
  grid,
  mode,
  onOpen,
  now,
  inList = false,
}: {
  bin: StorageBinDto;
  grid: StorageBinsDto;
  mode: 'plan' | 'preview';
  onOpen?: (bin: StorageBinDto) => void;
  now: number;
  /** a tile of the phone's list: as high as its content */
  inList?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const rule = bin.rule;
  const alarms = mode === 'plan' ? binAlarms(bin) : bin.below_threshold ? (['belowThreshold'] as const) : [];
  const clickable = Boolean(onOpen);
  const unit = rule?.item_unit ? ` ${rule.item_unit}` : '';
  return (
    <Box
      as={clickable ? 'button' : 'div'}
      onClick={clickable ? () => onOpen!(bin) : undefined}
      data-testid={`bin-${bin.row}-${bin.column}`}
      data-label={bin.label}
      data-alarms={alarms.join(' ') || undefined}
      title={clickable ? t('storages.plan.openBin', { label: bin.label }) : undefined}
      textAlign="start"
      display="flex"
      flexDirection="column"
      justifyContent="flex-start"
      w="full"
      h="full"
      minH={inList ? undefined : mode === 'plan' ? '132px' : '110px'}
      p="2.5"
      borderWidth="1px"
      borderRadius="md"
      borderColor={alarms.length > 0 ? 'red.300' : rule ? 'border' : 'border.muted'}
      borderStyle={rule || bin.sensor ? 'solid' : 'dashed'}
      bg={rule ? 'bg' : 'bg.subtle'}
      cursor={clickable ? 'pointer' : undefined}
      _hover={clickable ? { borderColor: 'blue.400', shadow: 'sm' } : undefined}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
    >
      <Stack gap="1" minW="0" w="full">
        <Flex justify="space-between" align="baseline" gap="2">
          <Text fontWeight="bold" fontSize="sm" truncate>
            {bin.label}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0} title={t('storages.plan.numberTitle')}>
            {t('storages.plan.number', { number: bin.number })}
          </Text>
        </Flex>
        {rule ? (
          <>
            <Flex gap="2" align="center" minW="0">
              {rule.image_url ? (
                <img
                  src={`${rule.image_url}?size=128`}
                  alt=""
                  data-testid="bin-image"
                  style={{ width: mode === 'preview' ? 56 : 40, height: mode === 'preview' ? 56 : 40, objectFit: 'contain', flexShrink: 0 }}
                />
              ) : null}
              <Stack gap="0" minW="0">
                <Text fontSize="sm" fontWeight="semibold" truncate title={rule.sku} data-testid="bin-sku">
                  {rule.sku}
                </Text>
                <Text fontSize="sm" truncate title={rule.name} data-testid="bin-name">
                  {rule.name}
                </Text>
              </Stack>
            </Flex>
            {grid.show_stock && rule.stock !== null ? (
              <>
                {rule.fill_percent !== null ? (
                  <Progress.Root value={rule.fill_percent} colorPalette={fillPalette(bin)} size="sm" aria-label={t('storages.plan.fillLevel', { label: bin.label })}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                ) : null}
                <Text fontSize="xs" data-testid="bin-stock">
                  {t('storages.plan.stockOf', { stock: format.number(rule.stock), capacity: format.number(rule.capacity), unit })}
                  {rule.fill_percent !== null ? ` (${format.number(rule.fill_percent)} %)` : ''}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t('storages.plan.threshold', { threshold: format.number(rule.threshold), unit })}
                </Text>
              </>
            ) : null}
          </>
        ) : bin.kanban_rule_id !== null ? (
          <Text fontSize="sm" color="fg.muted">
            {t('storages.plan.ruleGone')}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="bin-empty">
            {t('storages.plan.empty')}
          </Text>
        )}
        {mode === 'plan' && bin.sensor ? (
          <Text fontSize="xs" color="fg.muted" truncate data-testid="bin-sensor">
            {bin.sensor.name} · {bin.sensor.last_seen_at ? ageText(bin.sensor.last_seen_at, now, i18n.language) : t('storages.plan.noReading')}
          </Text>
        ) : null}
        {alarms.length > 0 ? (
          <Flex gap="1" wrap="wrap">
            {alarms.map((alarm) => (
              <Badge key={alarm} colorPalette={alarm === 'offline' || alarm === 'negativeReading' ? 'red' : 'orange'} size="sm" data-testid={`bin-alarm-${alarm}`}>
                {t(`storages.plan.alarms.${alarm}`)}
              </Badge>
            ))}
          </Flex>
        ) : null}
      </Stack>
    </Box>
  );
}
