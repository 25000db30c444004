import { href } from '@atrium/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCheckbox,
  IconCopy,
  IconDots,
  IconEdit,
  IconFileDescription,
  IconFolder,
  IconHierarchy2,
  IconInfoCircle,
  IconLayoutDashboard,
  IconMail,
  IconMailCog,
  IconTags,
  IconTrash,
  IconTrashX,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TenantRow } from '@/features/tenants/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * Links of the tenant row menu, in the spec's order (part 1 §2), /deleting/{id} (the deletion page)
 * included. The spec also names a delete action with a confirmation dialog: it follows the links.
 */
export const TENANT_LINKS: { key: string; path: (id: string) => string; icon: ReactNode }[] = [
  { key: 'html', path: (id) => href('tenant-settings', 'html', { id }), icon: <IconLayoutDashboard size={16} /> },
  { key: 'info', path: (id) => href('tenant-settings', 'info', { id }), icon: <IconInfoCircle size={16} /> },
  { key: 'edit', path: (id) => href('tenants', 'form', { id }), icon: <IconEdit size={16} /> },
  {
    key: 'description',
    path: (id) => href('tenant-settings', 'description', { id }),
    icon: <IconFileDescription size={16} />,
  },
  { key: 'tags', path: (id) => href('tenant-settings', 'tags', { id }), icon: <IconTags size={16} /> },
  { key: 'folders', path: (id) => href('tenant-settings', 'folders', { id }), icon: <IconFolder size={16} /> },
  { key: 'teams', path: (id) => href('tenant-settings', 'teams', { id }), icon: <IconUsersGroup size={16} /> },
  {
    key: 'departments',
    path: (id) => href('tenant-settings', 'departments', { id }),
    icon: <IconHierarchy2 size={16} />,
  },
  { key: 'checklists', path: (id) => href('tenant-settings', 'checklists', { id }), icon: <IconCheckbox size={16} /> },
  { key: 'deleting', path: (id) => href('tenants', 'deleting', { id }), icon: <IconTrashX size={16} /> },
  { key: 'emails', path: (id) => href('tenant-settings', 'emails', { id }), icon: <IconMail size={16} /> },
  {
    key: 'emailtemplate',
    path: (id) => href('tenant-settings', 'emailTemplate', { id }),
    icon: <IconMailCog size={16} />,
  },
];

type Props = { tenant: TenantRow; onClone: (tenant: TenantRow) => void; onDelete: (tenant: TenantRow) => void };

export function TenantRowMenu({ tenant, onClone, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('tenants.rowMenu', { name: tenant.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {TENANT_LINKS.map((link) => (
          <Menu.Item key={link.key} component={Link} to={link.path(tenant.id)} leftSection={link.icon}>
            {t(`tenants.links.${link.key}` as 'tenants.links.edit')}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onClone(tenant)}>
          {t('tenants.clone.action')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(tenant)}>
          {t('tenants.delete.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
