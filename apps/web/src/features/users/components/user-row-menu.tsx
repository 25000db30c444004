import { href } from '@atrium/contracts';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconEdit, IconRestore, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UserRow } from '@/features/users/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';

type Props = {
  user: UserRow;
  /** Only a super administrator may delete (everyone else sees the entry disabled) and restore. */
  canDelete: boolean;
  onDelete: (user: UserRow) => void;
  onRestore: (user: UserRow) => void;
};

/** Edit; delete (hidden for deleted users); restore of deleted users for super administrators. */
export function UserRowMenu({ user, canDelete, onDelete, onRestore }: Props) {
  const { t } = useTranslation();
  const name = user.fullName || user.email;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.rowMenu', { name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={href('users', 'form', { id: user.id })} leftSection={<IconEdit size={16} />}>
          {t('users.edit')}
        </Menu.Item>
        {user.deletedAt ? (
          // Only super administrators delete users, so only they restore them.
          canDelete && (
            <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => onRestore(user)}>
              {t('users.restore.action')}
            </Menu.Item>
          )
        ) : (
          <Tooltip label={t('users.onlySuperadminDeletes')} disabled={canDelete} position="left" withinPortal>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={!canDelete}
              onClick={() => onDelete(user)}
            >
              {t('users.delete.action')}
            </Menu.Item>
          </Tooltip>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
