import { Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { Icon } from '../../shared/icons';
import { useLocationsQuery } from './locationsApi';

/**
 * A customer's active locations, each leading in one click to its kanban rules, where stock is entered (and to a new
 * order there). The home of customer users (issue 16): one card per customer they see. Rows wrap on a phone.
 */
export function LocationStockList({ companyID, customerID, customerName }: { companyID: number; customerID: number; customerName: string }) {
  const { t } = useTranslation();
  const { data, error } = useLocationsQuery({ companyID, customerID, all: false, sort: 'name', order: 'asc', per_page: 100 });
  const base = `/c/${companyID}/customer/${customerID}`;
  const locations = data?.items ?? [];
  return (
    <Card.Root data-testid={`location-stock-${customerID}`}>
      <Card.Header>
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('locations.home.title', { customer: customerName })}
          </Heading>
          <RouterLink to={`${base}/`}>
            <Text as="span" color="blue.700">
              {t('locations.home.customer')}
            </Text>
          </RouterLink>
        </Flex>
      </Card.Header>
      <Card.Body>
        {error ? <ErrorBox error={error} /> : null}
        {data && locations.length === 0 ? (
          <Text color="gray.600" data-testid={`location-stock-${customerID}-empty`}>
            {t('locations.home.none')}
          </Text>
        ) : null}
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {locations.map((l) => (
            <Flex
              as="li"
              key={l.id}
              gap="3"
              py="3"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
              borderTopWidth="1px"
              _first={{ borderTopWidth: 0 }}
              data-testid={`home-location-${l.id}`}
            >
              <Box flex="1" minW="0">
                <RouterLink to={`${base}/location/${l.id}/`}>
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {l.name}
                  </Text>
                </RouterLink>
                <Text fontSize="sm" color="gray.600">
                  {[l.extended_name, [l.postal, l.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}
                </Text>
              </Box>
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
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
