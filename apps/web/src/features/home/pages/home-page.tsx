import { Badge, Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import type { MenuItem } from '@/shared/menu/menu';
import { ModuleIcon } from '@/shared/menu/module-icon';
import { useMenu } from '@/shared/menu/use-menu';
import { Logo } from '@/shared/ui/logo';
import { useUiState } from '@/shared/ui-state/ui-state';
import classes from './home-page.module.css';

function Tile({ item, iconColor }: { item: MenuItem; iconColor: string | undefined }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={item.routerLink} className={classes.tile}>
      <Card withBorder radius="lg" padding="sm" className={classes.tileCard}>
        <Stack gap={8} align="center">
          <ThemeIcon size={46} radius="md" variant="light" color="brand">
            <ModuleIcon module={item.module} size={24} color={iconColor} />
          </ThemeIcon>
          <Text fw={600} size="xs" ta="center" lineClamp={2} className={classes.tileLabel}>
            {item.displayedName}
          </Text>
        </Stack>
        {item.notificationsCount > 0 && (
          <Badge
            color="red"
            size="sm"
            className={classes.count}
            aria-label={t('menu.count', { count: item.notificationsCount })}
          >
            {item.notificationsCount > 99 ? '99+' : item.notificationsCount}
          </Badge>
        )}
      </Card>
    </UnstyledButton>
  );
}

function Welcome() {
  const { t } = useTranslation();
  return (
    <div className={classes.welcome}>
      <Stack align="center" gap="md" maw={440} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconLayoutSidebarLeftExpand size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} className={classes.heading}>
          {t('home')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('useMenu')}
        </Text>
      </Stack>
    </div>
  );
}

/**
 * Users and tenant admins: the tenant's logo (or name) and a tile per menu item (custom titles, counts,
 * icons in the tenant's primary colour), on phones and desktops alike, so home never looks empty.
 * Roles without tiles (super administrators, partner managers): the heading 'home' with the hint 'useMenu'.
 */
export default function HomePage() {
  const isMobile = useIsMobile();
  const darkMode = useUiState((s) => s.darkMode);
  const session = useSession();
  const generalData = useGeneralData().data;
  const menu = useMenu();
  const { t } = useTranslation();
  usePageTitle(t('home'));
  const roles = session.status === 'authenticated' ? session.user.roles : [];
  const activeTenantId = session.status === 'authenticated' ? session.user.activeTenantId : null;
  const showsMenu = roles.includes('User') || roles.includes('TenantAdmin');
  const tiles = [...menu.main, ...menu.ignite];

  if (!showsMenu || tiles.length === 0) return <Welcome />;

  // The tenant's primary colour; in dark mode a lighter shade of it, which stays readable on dark tiles.
  const primary = generalData?.customTenantProperties?.primaryColor
    ? darkMode
      ? 'var(--mantine-color-brand-4)'
      : generalData.customTenantProperties.primaryColor
    : undefined;
  const logo = generalData?.imageMobileLogosrc ?? generalData?.imageLogosrc;
  const tenantName = generalData?.tenants.find((x) => x.id === activeTenantId)?.name;
  return (
    <div className={isMobile ? classes.mobile : classes.desktop}>
      <div className={classes.head}>
        {logo ? (
          <Logo size={40} src={logo} />
        ) : (
          <Title order={1} className={classes.tenantName}>
            {tenantName ?? t('home')}
          </Title>
        )}
      </div>
      <SimpleGrid cols={{ base: 3, sm: 4, md: 5, lg: 6 }} spacing="sm" verticalSpacing="sm">
        {tiles.map((item) => (
          <Tile key={item.key} item={item} iconColor={primary} />
        ))}
      </SimpleGrid>
    </div>
  );
}
