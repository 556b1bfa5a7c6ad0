import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Icon } from '../../shared/icons';
import { HomeListCard } from '../../shared/lists/HomeListCard';
import { useLocationsQuery } from './locationsApi';

/**
 * A customer's active locations, each leading in one click to its kanban rules, where stock is entered (and to a new
 * order there). The home of customer users (issue 16): one card per customer they see. Rows wrap on a phone.
 */
export function LocationStockList({ companyID, customerID, customerName }: { companyID: number; customerID: number; customerName: string }) {
  const { t } = useTranslation();
  const { data, error } = useLocationsQuery({ companyID, customerID, all: false, sort: 'name', order: 'asc', per_page: 100 });
  const base = `/c/${companyID}/customer/${customerID}`;
  return (
    <HomeListCard
      testId={`location-stock-${customerID}`}
      title={t('locations.home.title', { customer: customerName })}
      link={{ to: `${base}/`, label: t('locations.home.customer') }}
      error={error}
      rows={data?.items}
      empty={t('locations.home.none')}
      rowKey={(l) => l.id}
      rowTestId={(l) => `home-location-${l.id}`}
      main={(l) => (
        <>
          <RouterLink to={`${base}/location/${l.id}/`}>
            <Text as="span" color="blue.700" fontWeight="medium">
              {l.name}
            </Text>
          </RouterLink>
          <Text fontSize="sm" color="gray.600">
            {[l.extended_name, [l.postal, l.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}
          </Text>
        </>
      )}
      actions={(l) => (
        <Flex gap="2" wrap="wrap">
          <Button asChild colorPalette="blue" size="sm">
            <RouterLink to={`${base}/location/${l.id}/item`} data-testid={`home-location-${l.id}-stock`}>
              <Icon name="item" />
              {t('locations.home.stock')}
            </RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={`${base}/location/${l.id}/ordernew`} data-testid={`home-location-${l.id}-order`}>
              <Icon name="add" />
              {t('locations.home.order')}
            </RouterLink>
          </Button>
        </Flex>
      )}
    />
  );
}
