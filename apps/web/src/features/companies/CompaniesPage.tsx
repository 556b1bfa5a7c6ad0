import { Badge, Card, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { useAppSelector } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { initialsOf, selectedImage } from '../../shared/headers/EntityHeader';
import { Avatar } from '@chakra-ui/react';
import { useMyCompaniesQuery } from './companiesApi';

/** /companies: the company chooser; a user of a single company goes straight in, the operator to the platform. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const operator = useAppSelector((s) => s.session.claims.operator);
  const { data, isLoading, error } = useMyCompaniesQuery();
  const [filter, setFilter] = useState('');
  if (isLoading) return <PageSpinner />;
  if (error) return <ErrorBox error={error} />;
  const companies = data ?? [];
  if (companies.length === 1 && !operator) return <Navigate to={`/c/${companies[0]!.id}/`} replace />;
  if (companies.length === 0 && operator) return <Navigate to="/platform" replace />;
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = companies
    .filter((c) => words.every((w) => `${c.name} ${c.nr} ${c.city}`.toLowerCase().includes(w)))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Stack gap="4" data-testid="companies-page">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('companies.title')}
        </Heading>
        <Input
          maxW="320px"
          placeholder={t('companies.filter')}
          aria-label={t('companies.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </Flex>
      {companies.length === 0 ? <Text color="gray.600">{t('companies.none')}</Text> : null}
      {companies.length > 0 && shown.length === 0 ? (
        <Text color="gray.600">{t('companies.noMatch')}</Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {shown.map((company) => (
          <Card.Root key={company.id} asChild _hover={{ borderColor: 'blue.400', boxShadow: 'md' }}>
            <RouterLink to={`/c/${company.id}/`} data-testid={`company-${company.id}`}>
              <Card.Body>
                <Flex gap="3" align="center">
                  <Avatar.Root shape="rounded" colorPalette="blue">
                    <Avatar.Fallback>{initialsOf(company.name)}</Avatar.Fallback>
                    {selectedImage(company.images) ? (
                      <Avatar.Image src={selectedImage(company.images)!} alt="" />
                    ) : null}
                  </Avatar.Root>
                  <Stack gap="0" minW="0">
                    <Text fontWeight="semibold" truncate>
                      {company.name}
                    </Text>
                    <Text fontSize="sm" color="gray.600">
                      {[company.nr, company.city].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  {company.user_role !== null ? (
                    <Badge ml="auto" colorPalette="blue" variant="subtle">
                      {t(`roles.${company.user_role}`)}
                    </Badge>
                  ) : null}
                </Flex>
              </Card.Body>
            </RouterLink>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
