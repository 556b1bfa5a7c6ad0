import { Badge, Box, Button, Collapsible, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../shared/hooks';
import { LAYOUT } from '../../shared/layout/constants';
import { menuContextOf } from '../../shared/navigation/navigationSlice';
import { useViewer } from '../../shared/session/useViewer';
import { Icon } from '../../shared/icons';
import { menuFor, type MenuItem, resolveUrl, visibleEntries } from './menus';

function indent(level: number): number {
  return Math.min(level * LAYOUT.indentPerLevel, LAYOUT.indentMax);
}

/** The side menu of the current navigation context (the deepest id set chooses it). */
export function SideMenu({ folded }: { folded: boolean }) {
  const nav = useAppSelector((s) => s.navigation);
  const viewer = useViewer();
  const entries = visibleEntries(menuFor(menuContextOf(nav)), nav, viewer);
  return (
    <Stack
      as="ul"
      gap="0.5"
      listStyleType="none"
      m="0"
      p="2"
      data-testid="side-menu"
      data-context={menuContextOf(nav)}
    >
      {entries.map((entry) => (
        <MenuEntry key={entry.id} entry={entry} level={0} folded={folded} />
      ))}
    </Stack>
  );
}

function MenuEntry({ entry, level, folded }: { entry: MenuItem; level: number; folded: boolean }) {
  const { t } = useTranslation();
  const nav = useAppSelector((s) => s.navigation);
  const { pathname } = useLocation();
  const childActive = (entry.children ?? []).some((c) => {
    const url = resolveUrl(c, nav);
    return url !== null && pathname.startsWith(url);
  });
  const [open, setOpen] = useState(childActive);
  const label = t(entry.title);

  if (entry.type === 'divider') return <Box as="li" borderTopWidth="1px" my="2" role="separator" />;
  if (entry.type === 'collapse' || entry.type === 'group') {
    return (
      <Box as="li">
        <Collapsible.Root open={open || childActive} onOpenChange={(d) => setOpen(d.open)}>
          <Collapsible.Trigger asChild>
            <Button
              variant="ghost"
              w="full"
              justifyContent="flex-start"
              gap="3"
              px="3"
              pl={`${12 + indent(level)}px`}
              fontWeight="normal"
              data-testid={`menu-${entry.id}`}
              title={folded ? label : undefined}
            >
              {entry.icon ? <Icon name={entry.icon} /> : null}
              {folded ? null : (
                <>
                  <Text flex="1" textAlign="start" truncate>
                    {label}
                  </Text>
                  <Icon
                    name="chevron"
                    boxSize="4"
                    transform={open || childActive ? 'rotate(180deg)' : undefined}
                    transition="transform 0.15s"
                  />
                </>
              )}
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
              {(entry.children ?? []).map((child) => (
                <MenuEntry key={child.id} entry={child} level={level + 1} folded={folded} />
              ))}
            </Stack>
          </Collapsible.Content>
        </Collapsible.Root>
      </Box>
    );
  }

  // visibleEntries offers only entries the viewer may open: the address resolves here
  const url = resolveUrl(entry, nav);
  if (url === null) return null;
  const content = (
    <>
      {entry.icon ? <Icon name={entry.icon} /> : null}
      {folded ? null : (
        <Text flex="1" textAlign="start" truncate>
          {label}
        </Text>
      )}
      {!folded && entry.badge ? (
        <Badge bg={entry.badge.bg} color={entry.badge.fg} size="sm">
          {entry.badge.title}
        </Badge>
      ) : null}
    </>
  );
  const common = {
    gap: '3',
    px: '3',
    py: '2',
    pl: `${12 + indent(level)}px`,
    borderRadius: 'md',
    align: 'center',
    minH: '9',
  } as const;
  return (
    <Box as="li">
      <Flex
        asChild
        {...common}
        color="gray.700"
        _hover={{ bg: 'blue.50', color: 'blue.800' }}
        css={{ '&[aria-current=page]': { bg: 'blue.100', color: 'blue.900', fontWeight: 'semibold' } }}
      >
        <NavLink
          to={url}
          end={entry.exact}
          target={entry.target}
          data-testid={`menu-${entry.id}`}
          title={folded ? label : undefined}
        >
          {content}
        </NavLink>
      </Flex>
    </Box>
  );
}
