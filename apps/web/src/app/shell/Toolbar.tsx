import { Flex, IconButton, Spacer } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { LAYOUT } from '../../shared/layout/constants';
import { dialogOpened, sidebarSet } from '../../shared/layout/layoutSlice';
import { useIsMobile } from '../../shared/layout/useMediaQuery';
import { Icon } from '../../shared/icons';
import { ShortcutsBar } from '../../features/shortcuts/ShortcutsBar';
import { LanguageSwitch } from './LanguageSwitch';
import { RecentMenus } from './RecentMenus';
import { UserMenu } from './UserMenu';

/** The toolbar of spec 2: menu toggle, shortcuts, recent entries, dashboard, support, language, user. */
export function Toolbar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mobile = useIsMobile();
  const sidebar = useAppSelector((s) => s.layout.sidebar);
  const companyID = useAppSelector((s) => s.navigation.companyID);
  const toggle = () => {
    if (mobile) dispatch(sidebarSet(sidebar === 'mobile-open' ? 'closed' : 'mobile-open'));
    else dispatch(sidebarSet(sidebar === 'closed' ? 'open' : 'closed'));
  };
  return (
    <Flex
      as="header"
      data-testid="toolbar"
      align="center"
      gap={{ base: '1', md: '2' }}
      minH={`${LAYOUT.headerHeights[0] - 11}px`}
      px={{ base: '2', md: '4' }}
      bg="white"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
      wrap="wrap"
    >
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t('layout.toggleMenu')}
        aria-expanded={mobile ? sidebar === 'mobile-open' : sidebar !== 'closed'}
        onClick={toggle}
        data-testid="sidebar-toggle"
      >
        <Icon name="menu" />
      </IconButton>
      <ShortcutsBar />
      {mobile || !companyID ? null : <RecentMenus />}
      <Spacer />
      {companyID ? (
        <IconButton
          asChild
          variant="ghost"
          size="sm"
          aria-label={t('toolbar.dashboard')}
          title={t('toolbar.dashboard')}
        >
          <RouterLink to={`/c/${companyID}/`} data-testid="dashboard-button">
            <Icon name="home" />
          </RouterLink>
        </IconButton>
      ) : null}
      {companyID ? (
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('support.open')}
          title={t('support.open')}
          onClick={() => dispatch(dialogOpened('support'))}
          data-testid="support-button"
        >
          <Icon name="help" />
        </IconButton>
      ) : null}
      <LanguageSwitch />
      <UserMenu />
    </Flex>
  );
}
