import { href } from '@atrium/contracts';
import { ActionIcon, Badge, Divider, NavLink, ScrollArea, Select, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';
import type { MenuItem, MenuModel } from '@/shared/menu/menu';
import { ModuleIcon } from '@/shared/menu/module-icon';
import { Logo } from '@/shared/ui/logo';
import { UserAvatar } from '@/shared/ui/user-avatar';
import classes from './side-menu.module.css';

export type SideMenuProps = {
  menu: MenuModel;
  tenants: readonly { id: string; name: string }[];
  activeTenantId: string | null;
  user: { displayName: string; email: string; imagePath: string | null };
  /** Icons only (the desktop menu collapsed). */
  compact?: boolean;
  /** The logo row on top; the mobile header already shows the logo. */
  withBrand?: boolean;
  logoSrc?: string | null;
  switchingTenant?: boolean;
  onSelectTenant: (tenantId: string | null) => void;
  onLogout: () => void;
  /** Called after a link was followed, so the mobile menu can close. */
  onNavigate?: () => void;
};

/** Past this many characters a title may not fit two lines of the menu. */
const LONG_TITLE = 40;

const isActive = (pathname: string, link: string) => pathname === link || pathname.startsWith(`${link}/`);

function MenuLink({ item, compact, onNavigate }: { item: MenuItem; compact: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const count = item.notificationsCount;
  // Only something unread earns a badge: a zero would read as one more thing to look at.
  const badge =
    count > 0 ? (
      <Badge
        size="sm"
        circle={count < 10}
        color="red"
        aria-label={t('menu.count', { count })}
        data-testid={`count-${item.key}`}
      >
        {count > 99 ? '99+' : count}
      </Badge>
    ) : null;
  const link = (
    <NavLink
      component={Link}
      to={item.routerLink}
      onClick={onNavigate}
      active={isActive(pathname, item.routerLink)}
      label={
        compact ? undefined : (
          <Text inherit lineClamp={2} className={classes.label}>
            {item.displayedName}
          </Text>
        )
      }
      aria-label={compact ? item.displayedName : undefined}
      leftSection={<ModuleIcon module={item.module} />}
      rightSection={compact ? undefined : badge}
      className={classes.link}
      data-compact={compact || undefined}
    />
  );
  // A long custom title (up to 100 characters) is cut at two lines: the whole of it shows on hover.
  if (!compact) {
    return item.displayedName.length > LONG_TITLE ? (
      <Tooltip label={item.displayedName} position="right" multiline maw={280} openDelay={300} withinPortal>
        {link}
      </Tooltip>
    ) : (
      link
    );
  }
  return (
    <Tooltip label={item.displayedName} position="right" withinPortal>
      {link}
    </Tooltip>
  );
}

function MenuGroup({
  label,
  items,
  compact,
  onNavigate,
}: {
  label?: string;
  items: MenuItem[];
  compact: boolean;
  onNavigate?: () => void;
}) {
  return (
    <div className={classes.group}>
      {label && compact && <Divider my={6} />}
      {label && (
        <Text component="h2" className={compact ? classes.hiddenLabel : classes.groupLabel}>
          {label}
        </Text>
      )}
      {items.map((item) => (
        <MenuLink key={item.key} item={item} compact={compact} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

/** Side menu: brand, tenant switcher, the main, Ignite and admin groups, and the user card. */
export function SideMenu({
  menu,
  tenants,
  activeTenantId,
  user,
  compact = false,
  withBrand = true,
  logoSrc,
  switchingTenant,
  onSelectTenant,
  onLogout,
  onNavigate,
}: SideMenuProps) {
  const { t } = useTranslation();
  const options = [...tenants]
    .map((tenant) => ({ value: tenant.id, label: tenant.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <nav aria-label={t('menu.mainNavigation')} className={classes.root} data-compact={compact || undefined}>
      {withBrand && (
        <div className={classes.brand}>
          <Link
            to={href('home', 'home')}
            onClick={onNavigate}
            className={classes.brandLink}
            aria-label={t('a11y.homeLink', { product: PRODUCT_NAME })}
          >
            <Logo size={26} src={logoSrc} withName={!compact} />
          </Link>
        </div>
      )}

      {options.length > 1 && !compact && (
        <div className={classes.tenant}>
          <Select
            label={t('menu.tenant')}
            placeholder={t('menu.noTenant')}
            data={options}
            value={activeTenantId}
            onChange={(value) => onSelectTenant(value)}
            clearable
            clearButtonProps={{ 'aria-label': t('a11y.clearTenant') }}
            allowDeselect={false}
            searchable={options.length > 6}
            disabled={switchingTenant}
            size="sm"
            comboboxProps={{ withinPortal: true }}
            classNames={{ label: classes.tenantLabel }}
          />
        </div>
      )}

      <ScrollArea className={classes.links} type="scroll" scrollbarSize={6}>
        <div className={classes.linksInner}>
          {menu.main.length > 0 && <MenuGroup items={menu.main} compact={compact} onNavigate={onNavigate} />}
          {menu.ignite.length > 0 && (
            <MenuGroup label={t('menu.ignite')} items={menu.ignite} compact={compact} onNavigate={onNavigate} />
          )}
          {menu.admin.length > 0 && (
            <MenuGroup label={t('menu.adminPanel')} items={menu.admin} compact={compact} onNavigate={onNavigate} />
          )}
        </div>
      </ScrollArea>

      <div className={classes.userCard}>
        <UnstyledButton
          component={Link}
          to={href('profile', 'view')}
          onClick={onNavigate}
          className={classes.userLink}
          aria-label={compact ? user.displayName : undefined}
        >
          <UserAvatar name={user.displayName} src={user.imagePath} size={compact ? 34 : 38} />
          {!compact && (
            <div className={classes.userText}>
              <Text size="sm" fw={600} truncate="end">
                {user.displayName}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {user.email}
              </Text>
            </div>
          )}
        </UnstyledButton>
        <Tooltip label={t('menu.logout')} withinPortal position={compact ? 'right' : 'top'}>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onLogout} aria-label={t('menu.logout')}>
            <IconLogout size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </div>
    </nav>
  );
}
