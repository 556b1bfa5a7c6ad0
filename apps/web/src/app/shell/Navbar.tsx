import { Box, Button, Flex, Heading, IconButton } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { Icon } from '../../shared/icons';
import { SideMenu } from '../../features/menus/SideMenu';
import { menuContextOf, supplierSelected } from '../../shared/navigation/navigationSlice';
import { APP_VERSION, LAYOUT } from '../../shared/layout/constants';
import { sidebarSet } from '../../shared/layout/layoutSlice';
import { useIsMobile } from '../../shared/layout/useMediaQuery';

/**
 * The navbar: 280 px wide, folded to 64 px (icons only; hovering unfolds it after 150 ms), closed, or on
 * mobile (at most 760 px) an overlay opened from the toolbar.
 */
export function Navbar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const state = useAppSelector((s) => s.layout.sidebar);
  const nav = useAppSelector((s) => s.navigation);
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const visible = mobile ? state === 'mobile-open' : state !== 'closed';
  const folded = !mobile && state === 'folded' && !hovered;
  const width = folded ? LAYOUT.navbarFolded : LAYOUT.navbarWidth;
  if (!visible) return null;

  const hover = (on: boolean) => {
    clearTimeout(timer.current);
    if (mobile || state !== 'folded') return;
    timer.current = setTimeout(() => setHovered(on), on ? LAYOUT.hoverDelayMs : 0);
  };
  const backToCompany = () => {
    dispatch(supplierSelected(null));
    void navigate(`/c/${nav.companyID}/supplier`);
  };

  return (
    <>
      {mobile ? (
        <Box
          position="fixed"
          inset="0"
          bg="blackAlpha.500"
          zIndex="overlay"
          onClick={() => dispatch(sidebarSet('closed'))}
          data-testid="sidebar-backdrop"
        />
      ) : null}
      <Flex
        as="nav"
        aria-label={t('layout.navigation')}
        data-testid="sidebar"
        data-state={mobile ? 'mobile-open' : state}
        direction="column"
        w={`${width}px`}
        flexShrink={0}
        h="100vh"
        position={mobile || (state === 'folded' && hovered) ? 'fixed' : 'sticky'}
        top="0"
        left="0"
        zIndex={mobile ? 'modal' : state === 'folded' ? 'docked' : undefined}
        bg="white"
        borderRightWidth="1px"
        boxShadow={mobile || hovered ? 'lg' : undefined}
        transition="width 0.15s"
        onMouseEnter={() => hover(true)}
        onMouseLeave={() => hover(false)}
      >
        <Flex
          align="center"
          justify="space-between"
          h={`${LAYOUT.headerHeights[0]}px`}
          px="3"
          borderBottomWidth="1px"
          flexShrink={0}
        >
          {folded ? null : (
            <Heading as="p" size="md" color="blue.700" truncate>
              <RouterLink to="/companies">{t('app.title')}</RouterLink>
            </Heading>
          )}
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={
              mobile
                ? t('layout.closeMenu')
                : state === 'folded'
                  ? t('layout.unfoldMenu')
                  : t('layout.foldMenu')
            }
            data-testid="sidebar-fold"
            onClick={() => dispatch(sidebarSet(mobile ? 'closed' : state === 'folded' ? 'open' : 'folded'))}
          >
            <Icon name={mobile ? 'close' : 'menu'} />
          </IconButton>
        </Flex>
        {menuContextOf(nav) === 'supplier' && !folded ? (
          <Box px="3" pt="3">
            <Button
              size="sm"
              variant="outline"
              w="full"
              onClick={backToCompany}
              data-testid="back-to-company"
            >
              <Icon name="back" />
              {t('menu.backToCompany')}
            </Button>
          </Box>
        ) : null}
        <Box
          flex="1"
          overflowY="auto"
          // on a phone the overlay closes once an entry is followed (a link), not when a group opens or closes
          onClick={mobile ? (e) => (e.target as HTMLElement).closest('a') && dispatch(sidebarSet('closed')) : undefined}
        >
          <SideMenu folded={folded} />
        </Box>
        {folded ? null : (
          <Box px="4" py="2" fontSize="xs" color="gray.600" borderTopWidth="1px">
            {t('layout.version', { version: APP_VERSION })}
          </Box>
        )}
      </Flex>
    </>
  );
}
