import { ROLE_FILTERS, type Role, type RoleFilter } from '@atrium/contracts';
import { Badge, Group } from '@mantine/core';
import { ROLE_BADGES, USER_LIST } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';

/** Name and surname are cut at 15 characters in the list (spec part 1 §9). */
export function cut(value: string, max: number = USER_LIST.nameMaxLength): string {
  const chars = [...value];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
}

const BADGE_COLOURS: Record<Role, string> = {
  User: 'gray',
  TenantAdmin: 'brand',
  Superadmin: 'grape',
  PartnerManager: 'accent',
};

/** The role badges of the users list: User, Admin, Super, Partner. */
export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {roles.map((role) => (
        <Badge key={role} size="sm" variant="light" color={BADGE_COLOURS[role]} radius="sm">
          {t(`users.badges.${ROLE_BADGES[role]}` as 'users.badges.User')}
        </Badge>
      ))}
    </Group>
  );
}

/** The role filter's values (user, admin, super, partner) with the badge each stands for. */
export const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  user: ROLE_BADGES[ROLE_FILTERS.user],
  admin: ROLE_BADGES[ROLE_FILTERS.admin],
  super: ROLE_BADGES[ROLE_FILTERS.super],
  partner: ROLE_BADGES[ROLE_FILTERS.partner],
};
