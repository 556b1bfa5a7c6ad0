import { Avatar, Box, Button, Code, Dialog, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { revokeSession } from '../../shared/api/api';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { dialogOpened } from '../../shared/layout/layoutSlice';
import { Icon } from '../../shared/icons';
import { navigationCleared } from '../../shared/navigation/navigationSlice';
import { useMyCompaniesQuery } from '../../features/companies/companiesApi';
import { loggedOut } from '../../shared/session/sessionSlice';

/** Where the mobile app can be downloaded (set at build time); without it the dialog says whom to ask. */
const APP_DOWNLOAD_URL: string | undefined = import.meta.env.VITE_APP_DOWNLOAD_URL;

/** The user menu: profile, change password, app download (only for users granted the app), logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const refreshToken = useAppSelector((s) => s.session.refreshToken);
  const companyID = useAppSelector((s) => s.navigation.companyID);
  const { data: companies } = useMyCompaniesQuery();
  // The app is granted per membership (and only to users and customers, spec 6): in a company, that
  // membership decides; outside any company, any membership with the grant.
  const appGranted = (companies ?? []).some((c) => c.user_app && (companyID === null || c.id === companyID));
  const [appDialog, setAppDialog] = useState(false);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const select = (value: string) => {
    switch (value) {
      case 'profile':
        void navigate('/userProfile');
        break;
      case 'password':
        dispatch(dialogOpened('password'));
        break;
      case 'app':
        setAppDialog(true);
        break;
      case 'logout':
        // The server revokes the session; the other tabs sign out when the stored tokens go.
        if (refreshToken) revokeSession(refreshToken);
        dispatch(navigationCleared());
        dispatch(loggedOut());
        void navigate('/login', { replace: true });
        break;
    }
  };
  return (
    <>
      <Menu.Root positioning={{ strategy: 'fixed' }} onSelect={(d) => select(d.value)}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="1" data-testid="user-menu">
            {/* The name is the button's accessible name; on narrow screens it is only visually hidden. */}
            <Avatar.Root size="xs" colorPalette="blue" aria-hidden="true">
              <Avatar.Fallback>{user.initials || undefined}</Avatar.Fallback>
              {user.img?.url ? <Avatar.Image src={user.img.url} alt="" /> : null}
            </Avatar.Root>
            <Box srOnly={{ base: true, md: false }}>
              <Text maxW="160px" truncate>
                {name}
              </Text>
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="220px">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{user.email}</Menu.ItemGroupLabel>
                <Menu.Item value="profile" data-testid="user-menu-profile">
                  <Icon name="user" />
                  {t('userMenu.profile')}
                </Menu.Item>
                <Menu.Item value="password" data-testid="user-menu-password">
                  <Icon name="key" />
                  {t('userMenu.password')}
                </Menu.Item>
                {appGranted ? (
                  <Menu.Item value="app" data-testid="user-menu-app">
                    <Icon name="download" />
                    {t('userMenu.app')}
                  </Menu.Item>
                ) : null}
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="logout" data-testid="user-menu-logout">
                <Icon name="logout" />
                {t('userMenu.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Dialog.Root open={appDialog} onOpenChange={(d) => setAppDialog(d.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="app-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('appDownload.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text>{t('appDownload.text')}</Text>
                  <Text>
                    {t('appDownload.server')} <Code>{window.location.origin}</Code>
                  </Text>
                  {APP_DOWNLOAD_URL ? null : <Text color="gray.600">{t('appDownload.ask')}</Text>}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                {APP_DOWNLOAD_URL ? (
                  <Button asChild colorPalette="blue">
                    <Link href={APP_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer">
                      <Icon name="download" />
                      {t('appDownload.download')}
                    </Link>
                  </Button>
                ) : null}
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('common.close')}</Button>
                </Dialog.ActionTrigger>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
