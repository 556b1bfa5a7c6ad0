import { Badge, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { APP_VERSION } from '../../shared/layout/constants';

/** Releases, newest first; each change is an i18n key under changelog.releases.<version>. */
const RELEASES: { version: string; date: string; changes: string[] }[] = [
  { version: APP_VERSION, date: '2026-11-23', changes: ['platform', 'identity', 'web', 'languages'] },
];

/** /documentation/changelog: what changed in each version (version badge 1.0.0). */
export function ChangelogPage() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="4" data-testid="changelog-page">
      <Heading as="h1" size="xl">
        {t('changelog.title')}
      </Heading>
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
