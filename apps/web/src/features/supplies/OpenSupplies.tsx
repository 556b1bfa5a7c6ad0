import { AccessGroup, hasRole, Role } from '@kanban/access';
import { Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useViewer } from '../../shared/session/useViewer';
import { useFormat } from '../../i18n/useFormat';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { type SupplyDto, useSetSupplyDeliveredMutation, useSuppliesQuery } from './suppliesApi';

const SHOWN = 10;

/**
 * A supplier's supplies not yet delivered, the earliest shipping date first, each with "Mark delivered" (the whole
 * supply, one click; taking it back stays on the supply's page, which asks first) and a link to its lines. The home
 * of supplier users (issue 16): one card per supplier they see. Rows wrap into cards on a phone.
 */
export function OpenSupplies({ companyID, supplierID, supplierName }: { companyID: number; supplierID: number; supplierName: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const role = useViewer().role;
  const canMark = hasRole(role, AccessGroup.supplier) && role !== Role.Readonly;
  const { data, error } = useSuppliesQuery({ companyID, supplierID, state: 'open', sort: 'shipping', order: 'asc', page: 1, per_page: SHOWN });
  const [setDelivered, { isLoading: busy, originalArgs }] = useSetSupplyDeliveredMutation();
  const base = `/c/${companyID}/supplier/${supplierID}`;
  const mark = (supply: SupplyDto) =>
    setDelivered({ companyID, supplierID, supplyID: supply.id, delivered: true })
      .unwrap()
      .then(() =>
        dispatch(snackbarShown({ message: t('supplies.markedDelivered', { what: t('supplies.orderNumber', { id: supply.order_id }) }), variant: 'success' })),
      )
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })));
  const supplies = data?.items ?? [];
  return (
    <Card.Root data-testid={`open-supplies-${supplierID}`}>
      <Card.Header>
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('supplies.home.title', { supplier: supplierName })}
          </Heading>
          <RouterLink to={`${base}/supply`} data-testid={`open-supplies-${supplierID}-all`}>
            <Text as="span" color="blue.700">
              {data ? t('supplies.home.all', { count: data.total }) : t('supplies.home.allPlain')}
            </Text>
          </RouterLink>
        </Flex>
      </Card.Header>
      <Card.Body>
        {error ? <ErrorBox error={error} /> : null}
        {data && supplies.length === 0 ? (
          <Text color="gray.600" data-testid={`open-supplies-${supplierID}-empty`}>
            {t('supplies.home.none')}
          </Text>
        ) : null}
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {supplies.map((s) => (
            <Flex
              as="li"
              key={s.id}
              gap="3"
              py="3"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
              borderTopWidth={{ base: '1px' }}
              _first={{ borderTopWidth: 0 }}
              data-testid={`home-supply-${s.id}`}
            >
              <Box flex="1" minW="0">
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
              </Box>
              {canMark ? (
                <Button
                  colorPalette="green"
                  size="sm"
                  loading={busy && originalArgs?.supplyID === s.id}
                  disabled={busy}
                  onClick={() => void mark(s)}
                  data-testid={`home-supply-${s.id}-deliver`}
                >
                  {t('supplies.home.markDelivered')}
                </Button>
              ) : null}
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
