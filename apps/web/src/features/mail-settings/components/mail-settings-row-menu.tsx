import { href } from '@atrium/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MailSettingsRow } from '@/features/mail-settings/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';

/** A settings item's row menu: edit, delete, test (spec part 2 §2). */
export function MailSettingsRowMenu({
  row,
  onDelete,
  onTest,
  testing,
}: {
  row: MailSettingsRow;
  onDelete: (row: MailSettingsRow) => void;
  onTest: (row: MailSettingsRow) => void;
  testing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={testing}
          aria-label={t('mailSettings.list.actionsFor', { title: row.title })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={href('tenant-settings', 'emailEdit', { tenantId: row.tenantId, id: row.id })}
          leftSection={<IconEdit size={16} />}
        >
          {t('mailSettings.list.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSend size={16} />} onClick={() => onTest(row)} disabled={testing}>
          {t('mailSettings.list.test')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(row)}>
          {t('mailSettings.list.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
