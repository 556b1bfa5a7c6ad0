import { Box, Flex, IconButton, Input, Popover, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { errorText } from '../../shared/api/apiError';
import { Icon } from '../../shared/icons';
import { allEntries, entryUrlFor, type MenuItem } from '../menus';
import { useUpdateProfileMutation } from '../profile';
import { userUpdated } from '../../shared/session/sessionSlice';
import { useViewer } from '../../shared/session/useViewer';
import { searchEntries, toggleShortcut } from './shortcuts';

/** Starred pages (a list of menu item ids kept on the user, data.shortcuts) and a search among pages. */
export function ShortcutsBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const user = useAppSelector((s) => s.session.user);
  const nav = useAppSelector((s) => s.navigation);
  const viewer = useViewer();
  const [update] = useUpdateProfileMutation();
  const [query, setQuery] = useState('');
  if (!user) return null;
  const shortcuts = user.data.shortcuts ?? [];

  // Pages the user may open now (the menus' rule: resolvable in the current navigation, built, allowed by the route); a page that more
  // than one menu leads to (the location's "contacts" and "back to customer", the company's "documentation") once.
  const reachable = allEntries()
    .map((entry) => ({ entry, url: entryUrlFor(entry, nav, viewer) }))
    .filter((e): e is { entry: MenuItem; url: string } => e.url !== null)
    .filter((e, index, all) => all.findIndex((other) => other.url === e.url) === index);
  const byId = new Map(reachable.map((e) => [e.entry.id, e]));
  const starred = shortcuts.map((id) => byId.get(id)).filter((e) => e !== undefined);
  const results = searchEntries(
    reachable.map((e) => e.entry),
    query,
    (entry) => t(entry.title),
  );

  const toggle = (id: string) => {
    const next = toggleShortcut(shortcuts, id);
    const previous = user;
    dispatch(userUpdated({ ...user, data: { ...user.data, shortcuts: next } }));
    update({ data: { shortcuts: next } })
      .unwrap()
      .catch((error: unknown) => {
        dispatch(userUpdated(previous));
        dispatch(snackbarShown({ message: errorText(error, t), variant: 'error' }));
      });
  };
  const current = reachable.find((e) => e.url === pathname || e.url === `${pathname}/`);

  return (
    <Flex align="center" gap="0.5" data-testid="shortcuts" minW="0" overflow="hidden">
      {starred.map(({ entry, url }) => (
        <Tooltip.Root key={entry.id} openDelay={150}>
          <Tooltip.Trigger asChild>
            <IconButton asChild variant="ghost" size="sm" aria-label={t(entry.title)}>
              <RouterLink to={url} data-testid={`shortcut-${entry.id}`}>
                <Icon name={entry.icon ?? 'dot'} />
              </RouterLink>
            </IconButton>
          </Tooltip.Trigger>
          <Portal>
            <Tooltip.Positioner>
              <Tooltip.Content>{t(entry.title)}</Tooltip.Content>
            </Tooltip.Positioner>
          </Portal>
        </Tooltip.Root>
      ))}
      <Popover.Root onOpenChange={(d) => !d.open && setQuery('')} positioning={{ placement: 'bottom-start' }}>
        <Popover.Trigger asChild>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={t('shortcuts.title')}
            title={t('shortcuts.title')}
            data-testid="shortcuts-open"
            color="orange.500"
          >
            <Icon name="star" filled={current ? shortcuts.includes(current.entry.id) : false} />
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="320px">
              <Popover.Body p="3">
                <Stack gap="2">
                  <Input
                    size="sm"
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                    placeholder={t('shortcuts.searchPlaceholder')}
                    aria-label={t('shortcuts.searchPlaceholder')}
                    data-testid="shortcuts-search"
                  />
                  <Box maxH="320px" overflowY="auto">
                    {results.length === 0 ? (
                      <Text color="gray.600" fontSize="sm" py="2" data-testid="shortcuts-empty">
                        {t('shortcuts.empty')}
                      </Text>
                    ) : (
                      <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
                        {results.map((entry) => {
                          const on = shortcuts.includes(entry.id);
                          return (
                            <Flex as="li" key={entry.id} align="center" gap="2" py="1">
                              <Tooltip.Root openDelay={150}>
                                <Tooltip.Trigger asChild>
                                  <IconButton
                                    variant="ghost"
                                    size="xs"
                                    color={on ? 'orange.500' : 'gray.500'}
                                    aria-pressed={on}
                                    aria-label={t('shortcuts.toggle')}
                                    onClick={() => toggle(entry.id)}
                                    data-testid={`shortcut-toggle-${entry.id}`}
                                  >
                                    <Icon name="star" filled={on} />
                                  </IconButton>
                                </Tooltip.Trigger>
                                <Tooltip.Positioner>
                                  <Tooltip.Content>{t('shortcuts.toggle')}</Tooltip.Content>
                                </Tooltip.Positioner>
                              </Tooltip.Root>
                              <RouterLink to={byId.get(entry.id)!.url}>
                                <Text fontSize="sm">{t(entry.title)}</Text>
                              </RouterLink>
                            </Flex>
                          );
                        })}
                      </Stack>
                    )}
                  </Box>
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </Flex>
  );
}
