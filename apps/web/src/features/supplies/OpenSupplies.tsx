import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HomeListCard } from '../../shared/lists/HomeListCard';
import { useFormat } from '../../i18n/useFormat';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { useSuppliesQuery } from './suppliesApi';
import { useMarkDelivered } from './useMarkDelivered';

const SHOWN = 10;

/**
 * A supplier's supplies not yet delivered, the earliest shipping date first, each with "Mark delivered" (the whole
 * supply, one click; taking it back stays on the supply's page, which asks first) and a link to its lines. The home
 * of supplier users (issue 16): one card per supplier they see. Rows wrap into cards on a phone.
 */
export function OpenSupplies({ companyID, supplierID, supplierName }: { companyID: number; supplierID: number; supplierName: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, error } = useSuppliesQuery({ companyID, supplierID, state: 'open', sort: 'shipping', order: 'asc', page: 1, per_page: SHOWN });
  const delivery = useMarkDelivered(companyID, supplierID);
  const base = `/c/${companyID}/supplier/${supplierID}`;
  return (
    <HomeListCard
      testId={`open-supplies-${supplierID}`}
      title={t('supplies.home.title', { supplier: supplierName })}
      link={{
        to: `${base}/supply`,
        label: data ? t('supplies.home.all', { count: data.total }) : t('supplies.home.allPlain'),
        testId: `open-supplies-${supplierID}-all`,
      }}
      error={error}
      rows={data?.items}
      empty={t('supplies.home.none')}
      rowKey={(s) => s.id}
      rowTestId={(s) => `home-supply-${s.id}`}
      main={(s) => (
        <>
          <Flex gap="2" align="center" wrap="wrap">
            <RouterLink to={`${base}/supply/${s.id}`} data-testid={`home-supply-${s.id}-open`}>
              <Text as="span" color="blue.700" fontWeight="medium">
                {t('supplies.orderNumber', { id: s.order_id })}
              </Text>
            </RouterLink>
            <SupplyStatusBadge status={s.status} />
          </Flex>
          <Text fontSize="sm" color="gray.700">
            {[s.customer, s.location].filter(Boolean).join(' · ')}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {t('supplies.home.shipping', { date: format.date(s.shipping) })} ·{' '}
            {t('supplies.linesDelivered', { delivered: s.delivered_count, total: s.line_count })}
          </Text>
        </>
      )}
      actions={
        delivery.canMark
          ? (s) => (
              <Button
                colorPalette="green"
                size="sm"
                loading={delivery.busyWith === s.id}
                disabled={delivery.busyWith !== null}
                onClick={() => void delivery.mark(s)}
                data-testid={`home-supply-${s.id}-deliver`}
              >
                {t('supplies.home.markDelivered')}
              </Button>
            )
          : undefined
      }
    />
  );
}
