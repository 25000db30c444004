import { can, POLICIES } from '@atrium/contracts';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Popover,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconLayoutSidebarLeftExpand, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isContentEmpty, useHomeContent } from '@/features/home/api/get-home-content';
import { ContentLogo, HomeContentView } from '@/features/home/components/home-content';
import contentClasses from '@/features/home/components/home-content.module.css';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import type { MenuItem } from '@/shared/menu/menu';
import { ModuleIcon } from '@/shared/menu/module-icon';
import { useMenu } from '@/shared/menu/use-menu';
import { Logo } from '@/shared/ui/logo';
import { RichText } from '@/shared/ui/rich-text';
import { useUiState } from '@/shared/ui-state/ui-state';
import classes from './home-page.module.css';

/** The query parameter that opens a tile's submenu (spec part 2 §2). */
export const SUBMENU_PARAM = 'subMenuOpened';
const ADMIN_SUBMENU = 'admin';

function TileCard({ icon, label, count }: { icon: ReactNode; label: string; count: number }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="sm" className={classes.tileCard}>
      <Stack gap={8} align="center">
        <ThemeIcon size={46} radius="md" variant="light" color="brand">
          {icon}
        </ThemeIcon>
        {/* A long title is cut at two lines; the whole title shows on hover and focus. */}
        <Tooltip label={label} multiline maw={260} openDelay={300} events={{ hover: true, focus: true, touch: false }}>
          <Text fw={600} ta="center" lineClamp={2} className={classes.tileLabel}>
            {label}
          </Text>
        </Tooltip>
      </Stack>
      {count > 0 && (
        <Badge color="red" size="sm" className={classes.count} aria-label={t('menu.count', { count })}>
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </Card>
  );
}

/** The tenant's description of a tile's feature, in a popover from an info button beside the link. */
function TileInfo({ name, description }: { name: string; description: string }) {
  const { t } = useTranslation();
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          radius="xl"
          className={classes.info}
          aria-label={t('menu.aboutFeature', { name })}
        >
          <IconInfoCircle size={18} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <RichText html={description} />
      </Popover.Dropdown>
    </Popover>
  );
}

function Tile({ item, iconColor }: { item: MenuItem; iconColor: string | undefined }) {
  return (
    <div className={classes.tileWrap}>
      <UnstyledButton component={Link} to={item.routerLink} className={classes.tile}>
        <TileCard
          icon={<ModuleIcon module={item.module} size={24} color={iconColor} />}
          label={item.displayedName}
          count={item.notificationsCount}
        />
      </UnstyledButton>
      {item.description && <TileInfo name={item.displayedName} description={item.description} />}
    </div>
  );
}

/** The current query with one parameter set (or removed): other parameters are kept. */
function useQueryWith() {
  const [params] = useSearchParams();
  return (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
}

/** The tile grid; a tenant administrator's admin pages sit behind one tile that opens their submenu. */
function Tiles({ tiles, admin, iconColor }: { tiles: MenuItem[]; admin: MenuItem[]; iconColor: string | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryWith = useQueryWith();
  const open = params.get(SUBMENU_PARAM) === ADMIN_SUBMENU && admin.length > 0;
  if (open) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <UnstyledButton component={Link} to={queryWith(SUBMENU_PARAM, null)} className={classes.back}>
            <Group gap={6}>
              <IconArrowLeft size={16} aria-hidden="true" />
              <Text size="sm">{t('homeContent.backToTiles')}</Text>
            </Group>
          </UnstyledButton>
        </Group>
        <Title order={2} size="h4">
          {t('menu.adminPanel')}
        </Title>
        <SimpleGrid cols={{ base: 3, sm: 4, md: 5, lg: 6 }} spacing="sm" verticalSpacing="sm">
          {admin.map((item) => (
            <Tile key={item.key} item={item} iconColor={iconColor} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 3, sm: 4, md: 5, lg: 6 }} spacing="sm" verticalSpacing="sm">
      {tiles.map((item) => (
        <Tile key={item.key} item={item} iconColor={iconColor} />
      ))}
      {admin.length > 0 && (
        <UnstyledButton component={Link} to={queryWith(SUBMENU_PARAM, ADMIN_SUBMENU)} className={classes.tile}>
          <TileCard icon={<IconSettings size={24} color={iconColor} />} label={t('menu.adminPanel')} count={0} />
        </UnstyledButton>
      )}
    </SimpleGrid>
  );
}

function Welcome({ fill }: { fill: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fill ? classes.welcome : classes.welcomeInline}>
      <Stack align="center" gap="md" maw={440} ta="center">
        <ThemeIcon size={fill ? 72 : 56} radius="xl" variant="light">
          <IconLayoutSidebarLeftExpand size={fill ? 36 : 28} stroke={1.5} />
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
 * /home. Mobile (768 px or narrower): the tenant's logo, its mobile description and the tiles. Desktop:
 * the tenant's welcome content (headline, body, logo, video, second block), or the heading 'home' with
 * the hint 'useMenu' when headline, logo, body and video are all empty; the tiles follow, so home never
 * looks empty. Tiles: custom title or name, notification count, icon in the tenant's primary colour.
 * Roles without tiles (super administrators, partner managers) see the content or the heading only.
 */
export default function HomePage() {
  const isMobile = useIsMobile();
  const darkMode = useUiState((s) => s.darkMode);
  const session = useSession();
  const generalData = useGeneralData().data;
  const contentQuery = useHomeContent();
  const content = contentQuery.data;
  // Until the content has answered, its place stays blank rather than flashing the default heading.
  const contentLoading = contentQuery.isPending && contentQuery.fetchStatus !== 'idle';
  const menu = useMenu();
  const { t } = useTranslation();
  usePageTitle(t('home'));
  const user = session.status === 'authenticated' ? session.user : null;
  const activeTenantId = session.status === 'authenticated' ? session.user.activeTenantId : null;
  const showsMenu = can(user, POLICIES.tenantStaff);
  const tiles = showsMenu ? [...menu.main, ...menu.ignite] : [];
  const admin = can(user, POLICIES.onlyTenantAdmins) ? menu.admin.filter((item) => item.module !== 'home') : [];
  const empty = isContentEmpty(content);
  const hasTiles = tiles.length > 0 || admin.length > 0;

  // The tenant's primary colour; in dark mode a lighter shade of it, which stays readable on dark tiles.
  const primary = generalData?.customTenantProperties?.primaryColor
    ? darkMode
      ? 'var(--mantine-color-brand-4)'
      : generalData.customTenantProperties.primaryColor
    : undefined;
  const tenantName = generalData?.tenants.find((x) => x.id === activeTenantId)?.name ?? '';

  if (isMobile) {
    if (!hasTiles && !content?.logo && !content?.descriptionMobile) return <Welcome fill />;
    const logo = generalData?.imageMobileLogosrc ?? generalData?.imageLogosrc;
    return (
      <div className={classes.mobile}>
        <Stack gap="xs" className={classes.head}>
          {content?.logo ? (
            <ContentLogo
              logo={content.logo}
              alt={t('homeContent.logoAlt', { name: tenantName })}
              className={contentClasses.mobileLogo}
            />
          ) : logo ? (
            <Logo size={40} src={logo} />
          ) : (
            <Title order={1} className={classes.tenantName}>
              {tenantName || t('home')}
            </Title>
          )}
          {content?.descriptionMobile && (
            <Text size="sm" c="dimmed" className={classes.description}>
              {content.descriptionMobile}
            </Text>
          )}
        </Stack>
        {hasTiles ? (
          <Tiles tiles={tiles} admin={admin} iconColor={primary} />
        ) : (
          // Roles without tiles (super administrators, partner managers) get the desktop's content instead
          // (its logo is already at the top).
          content && !empty && <HomeContentView content={{ ...content, logo: null }} tenantName={tenantName} />
        )}
      </div>
    );
  }

  if (!hasTiles && empty && !contentLoading) return <Welcome fill />;
  return (
    <div className={classes.desktop}>
      {contentLoading ? (
        <Stack gap="md" mb="xl" role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={36} width="50%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : content && !empty ? (
        <HomeContentView content={content} tenantName={tenantName} />
      ) : (
        <Welcome fill={false} />
      )}
      {hasTiles && (
        <section aria-label={t('homeContent.tiles')} className={classes.tiles}>
          <Tiles tiles={tiles} admin={admin} iconColor={primary} />
        </section>
      )}
    </div>
  );
}
