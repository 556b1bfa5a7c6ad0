import { Badge, Card, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { Icon } from '../../shared/icons';
import { APP_VERSION } from '../../shared/layout/constants';

/** The OpenAPI documentation the gateway serves (README: /api/docs). */
const API_DOCS = '/api/docs';

/** Releases, newest first; each change is an i18n key under changelog.releases.<version>. */
const RELEASES: { version: string; date: string; changes: string[] }[] = [
  { version: APP_VERSION, date: '2026-11-23', changes: ['platform', 'identity', 'web', 'languages'] },
];

/**
 * /documentation/changelog: what changed in each version (version badge 1.0.0), and the link to the API documentation
 * (the company menu's "documentation" entry opens this page).
 */
export function ChangelogPage() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="4" data-testid="changelog-page">
      <Heading as="h1" size="xl">
        {t('changelog.title')}
      </Heading>
      <Flex align="center" gap="3" wrap="wrap">
        <Link href={API_DOCS} target="_blank" rel="noopener noreferrer" colorPalette="blue" fontWeight="semibold" data-testid="api-docs-link">
          <Icon name="journal" />
          {t('changelog.apiDocs')}
        </Link>
        <Text color="gray.600" fontSize="sm">
          {t('changelog.apiDocsHint')}
        </Text>
      </Flex>
      {RELEASES.map((release) => (
        <Card.Root key={release.version}>
          <Card.Header>
            <Flex align="center" gap="3">
              <Badge colorPalette="blue" variant="solid" size="lg" data-testid="version-badge">
                {release.version}
              </Badge>
              <Text color="gray.600">{format.date(release.date)}</Text>
            </Flex>
          </Card.Header>
          <Card.Body>
            <List.Root gap="2" ps="5">
              {release.changes.map((change) => (
                <List.Item key={change}>{t(`changelog.releases.v1_0_0.${change}`)}</List.Item>
              ))}
            </List.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
