import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../shared/hooks';
import { Icon, type IconName } from '../../shared/icons';
import type { RecentKind } from '../../shared/navigation/recentSlice';

const KINDS: { kind: RecentKind; icon: IconName }[] = [
  { kind: 'customers', icon: 'customer' },
  { kind: 'locations', icon: 'location' },
  { kind: 'suppliers', icon: 'supplier' },
  { kind: 'items', icon: 'item' },
];

/**
 * Menus of the 5 most recently visited customers, locations, suppliers and items. A menu with nothing in it is not
 * shown (a greyed button would look like navigation that leads nowhere); it appears with the first visit.
 */
export function RecentMenus() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recent = useAppSelector((s) => s.recent);
  return (
    <>
      {KINDS.filter(({ kind }) => recent[kind].length > 0).map(({ kind, icon }) => (
        <Menu.Root key={kind} positioning={{ strategy: 'fixed' }} onSelect={(d) => void navigate(d.value)}>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm" data-testid={`recent-${kind}`} aria-label={t('toolbar.recentLabel', { what: t(`toolbar.recent.${kind}`) })}>
              <Icon name={icon} />
              {t(`toolbar.recent.${kind}`)}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{t('toolbar.recentTitle')}</Menu.ItemGroupLabel>
                  {recent[kind].map((entry) => (
                    <Menu.Item key={entry.id} value={entry.url}>
                      {entry.name}
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ))}
    </>
  );
}
