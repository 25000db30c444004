import { Alert, Badge, List, Tooltip } from '@mantine/core';
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

/**
 * Under the name of a row whose shown values include an edit saved with no network. One image to
 * screen readers, named with its text and why (as the week grid's pending cells say it), so the text is
 * not read twice.
 */
export function PendingEditBadge({ mt }: { mt?: number }) {
  const { t } = useTranslation();
  const label = t('clients.pendingEdit');
  const description = t('clients.pendingEditDescription');
  return (
    <Tooltip label={description} multiline maw={260} withinPortal>
      <Badge
        role="img"
        aria-label={`${label}. ${description}`}
        size="xs"
        mt={mt}
        variant="light"
        color="orange"
        flex="none"
        leftSection={<IconCloudUpload size={12} aria-hidden="true" />}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
