import { Indicator, Text, UnstyledButton } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';
import type { MenuItem } from '@/shared/menu/menu';
import { ModuleIcon } from '@/shared/menu/module-icon';
import classes from './bottom-nav.module.css';

/** Mobile bottom bar: home, the Ignite shortcuts the tenant has, notifications and profile. */
export function BottomNav({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('menu.shortcuts')} className={classes.root}>
      {items.map((item) => (
        <UnstyledButton key={item.key} component={NavLink} to={item.routerLink} className={classes.item}>
          <Indicator
            disabled={item.notificationsCount === 0}
            label={item.notificationsCount > 99 ? '99+' : item.notificationsCount}
            size={16}
            color="red"
            offset={2}
          >
            <ModuleIcon module={item.module} size={22} />
          </Indicator>
          <Text component="span" className={classes.label}>
            {item.displayedName}
          </Text>
        </UnstyledButton>
      ))}
    </nav>
  );
}
