import { Avatar, Box, Flex, Heading, IconButton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LAYOUT } from '../layout/constants';
import { Icon } from '../icons';

export interface HeaderImage {
  url: string;
  selected: boolean;
}

/** The selected image of an entity, else the first one; null when it has none. */
export function selectedImage(images: readonly HeaderImage[] | undefined): string | null {
  if (!images?.length) return null;
  return (images.find((i) => i.selected) ?? images[0]!).url;
}

/** Up to two initials of a name ("Demo Distribution GmbH" -> "DD"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}|\d/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

interface Props {
  name: string | undefined;
  image: string | null;
  /** a line under the name (number, city, ...) */
  subtitle?: string;
  /** the back button's target and label; none in single-company / single-customer mode */
  back?: { to: string; label: string };
  loading?: boolean;
  /** the server message of a failed load */
  error?: string | null;
  actions?: ReactNode;
  testId?: string;
}

/**
 * Page header of a company, customer, location or supplier (spec 2): name and image (else initials),
 * a back button to the list; nothing while loading, on failure "Error: " and the server message.
 */
export function EntityHeader({ name, image, subtitle, back, loading, error, actions, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Flex
      as="header"
      align="center"
      gap="4"
      minH={`${LAYOUT.headerHeights[0]}px`}
      mb="4"
      data-testid={testId}
    >
      {back ? (
        <IconButton asChild variant="outline" size="sm" aria-label={back.label} title={back.label}>
          <RouterLink to={back.to} data-testid="header-back">
            <Icon name="back" />
          </RouterLink>
        </IconButton>
      ) : null}
      {loading ? null : error ? (
        <Text color="red.600" role="alert" data-testid="header-error">
          {t('errors.prefix')}
          {error}
        </Text>
      ) : (
        <>
          <Avatar.Root size="xl" shape="rounded" colorPalette="blue">
            <Avatar.Fallback>{initialsOf(name ?? '')}</Avatar.Fallback>
            {image ? <Avatar.Image src={image} alt="" /> : null}
          </Avatar.Root>
          <Box minW="0">
            <Heading as="h1" size="xl" truncate>
              {name}
            </Heading>
            {subtitle ? (
              <Text color="gray.600" fontSize="sm">
                {subtitle}
              </Text>
            ) : null}
          </Box>
        </>
      )}
      {actions ? <Box ml="auto">{actions}</Box> : null}
    </Flex>
  );
}
