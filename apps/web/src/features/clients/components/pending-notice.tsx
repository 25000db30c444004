import { Alert, List } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from '@/shared/i18n/use-translation';

/** Records saved with no network, named above a list that shows only what the server has. */
export function PendingNotice({ title, names }: { title: string; names: string[] }) {
  const { t } = useTranslation();
  if (!names.length) return null;
  return (
    <Alert
      role="status"
      variant="light"
      color="yellow"
      icon={<IconCloudUpload size={20} aria-hidden="true" />}
      title={title}
    >
      {t('clients.pendingText', { count: names.length })}
      <List size="sm" mt="xs">
        {names.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two queued records may share a name; the queue's order is fixed
          <List.Item key={i}>{name}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
