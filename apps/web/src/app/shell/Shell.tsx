import { Box, Flex } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { navigationFromPath, navigationSynced } from '../../shared/navigation/navigationSlice';
import { ChangePasswordDialog } from '../../features/profile/ChangePasswordDialog';
import { SupportDialog } from '../../features/support/SupportDialog';
import { NotAllowedPage } from '../../features/errors/NotAllowedPage';
import type { GuardOutletContext } from '../RouteGuard';
import { ConnectionBanner } from '../../shared/errors/ConnectionBanner';
import { Breadcrumbs } from './Breadcrumbs';
import { Toolbar } from './Toolbar';
import { LAYOUT } from '../../shared/layout/constants';
import { sidebarSet } from '../../shared/layout/layoutSlice';
import { messeModeFrom } from './messe';
import { Navbar } from './Navbar';
import { useIsMobile } from '../../shared/layout/useMediaQuery';

/** The signed-in frame: navbar, toolbar (hidden in trade-fair mode), breadcrumbs, boxed content, footer. */
export function Shell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const mobile = useIsMobile();
  const sidebar = useAppSelector((s) => s.layout.sidebar);
  const messe = messeModeFrom(location.search);
  // the route guard's answer: the role may not open this page (shown here, in the frame, at the same address)
  const notAllowed = useOutletContext<GuardOutletContext | undefined>()?.notAllowed ?? false;

  // The address is the source of truth for the selected ids (a reload or a typed address keeps working).
  useEffect(() => {
    dispatch(navigationSynced(navigationFromPath(location.pathname)));
  }, [location.pathname, dispatch]);
  // Crossing the mobile breakpoint: mobile starts with the overlay closed, desktop with the navbar open.
  const lastMobile = useRef<boolean | null>(null);
  useEffect(() => {
    if (lastMobile.current === mobile) return;
    lastMobile.current = mobile;
    if (mobile && sidebar !== 'mobile-open' && sidebar !== 'closed') dispatch(sidebarSet('closed'));
    if (!mobile && (sidebar === 'mobile-open' || sidebar === 'closed')) dispatch(sidebarSet('open'));
  }, [mobile, sidebar, dispatch]);

  return (
    <Flex minH="100vh" bg="gray.50" data-testid="shell" data-messe={messe || undefined}>
      <Box
        asChild
        position="absolute"
        left="-9999px"
        _focus={{ left: '2', top: '2', zIndex: 'skipLink', bg: 'white', p: '2' }}
      >
        <a href="#main">{t('layout.skipToContent')}</a>
      </Box>
      <Navbar />
      <Flex direction="column" flex="1" minW="0">
        {messe ? null : <Toolbar />}
        <ConnectionBanner />
        <Breadcrumbs />
        <Box
          as="main"
          id="main"
          flex="1"
          w="full"
          maxW={`${LAYOUT.boxedMaxWidth}px`}
          mx="auto"
          px={{ base: '3', md: '6' }}
          py="4"
        >
          {notAllowed ? <NotAllowedPage /> : <Outlet />}
        </Box>
        <Box as="footer" px="6" py="3" fontSize="xs" color="gray.600" borderTopWidth="1px" bg="white">
          {t('layout.footer', { year: new Date().getFullYear() })}
        </Box>
      </Flex>
      <SupportDialog />
      <ChangePasswordDialog />
    </Flex>
  );
}
