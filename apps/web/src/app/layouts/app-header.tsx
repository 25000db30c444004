import { href } from '@atrium/contracts';
import { ActionIcon, Burger, Group, Tooltip } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowLeft, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { HEADER, PRODUCT_NAME } from '@/shared/config/ui';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useGoBack } from '@/shared/routing/go-back';
import { ColorSchemeToggle } from '@/shared/ui/color-scheme-toggle';
import { Logo } from '@/shared/ui/logo';
import { setUiState, useUiState } from '@/shared/ui-state/ui-state';
import classes from './app-header.module.css';
import { showBackArrow } from './back-arrow';
import { GlobalSpinner } from './global-spinner';

/** True once the page has scrolled more than HEADER.activeAfterScroll px. */
export function useHeaderActive(): boolean {
  const [scroll] = useWindowScroll();
  return scroll.y > HEADER.activeAfterScroll;
}

/** The back arrow: one step back in this tab's history, or /home when the page was opened directly. */
export function BackArrow() {
  const { t } = useTranslation();
  const goBack = useGoBack(href('home', 'home'));
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('menu.back')} onClick={goBack}>
      <IconArrowLeft size={20} stroke={1.8} />
    </ActionIcon>
  );
}

/** 64px high on mobile, 45px on desktop; a shadow marks it active after 15px of scrolling. */
export function AppHeader({ logoSrc }: { logoSrc?: string | null }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const active = useHeaderActive();
  const isMenuOpened = useUiState((s) => s.isMenuOpened);
  const isMenuExpanded = useUiState((s) => s.isMenuExpanded);

  return (
    <Group
      h="100%"
      px={isMobile ? 'sm' : 'md'}
      justify="space-between"
      wrap="nowrap"
      className={classes.root}
      data-active={active || undefined}
      data-app-header
    >
      <Group gap={6} wrap="nowrap">
        {isMobile ? (
          <Burger
            opened={isMenuOpened}
            onClick={() => setUiState({ isMenuOpened: !isMenuOpened })}
            size="sm"
            aria-label={isMenuOpened ? t('menu.closeMenu') : t('menu.openMenu')}
            aria-expanded={isMenuOpened}
          />
        ) : (
          <Tooltip label={isMenuExpanded ? t('menu.collapseMenu') : t('menu.expandMenu')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setUiState({ isMenuExpanded: !isMenuExpanded })}
              aria-label={isMenuExpanded ? t('menu.collapseMenu') : t('menu.expandMenu')}
              aria-expanded={isMenuExpanded}
            >
              {isMenuExpanded ? (
                <IconLayoutSidebarLeftCollapse size={19} stroke={1.7} />
              ) : (
                <IconLayoutSidebarLeftExpand size={19} stroke={1.7} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
        {showBackArrow(pathname, isMobile) && <BackArrow />}
        {isMobile && (
          <Link
            to={href('home', 'home')}
            className={classes.logoLink}
            aria-label={t('a11y.homeLink', { product: PRODUCT_NAME })}
          >
            <Logo size={28} src={logoSrc} />
          </Link>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <GlobalSpinner />
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
