import { Alert, Anchor, Badge, List, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PendingRecord } from '@/features/clients/api/pending-records';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * Records saved with no network, named above a list that shows only what the server has; with `linkTo`,
 * each links to its page (a new client's, to go on with it offline: its contacts and locations).
 */
export function PendingNotice({
  title,
  records,
  linkTo,
}: {
  title: string;
  records: PendingRecord[];
  linkTo?: (id: string) => string;
}) {
  const { t } = useTranslation();
  if (!records.length) return null;
  return (
    <Alert
      role="status"
      variant="light"
      color="yellow"
      icon={<IconCloudUpload size={20} aria-hidden="true" />}
      title={title}
    >
      {t('clients.pendingText', { count: records.length })}
      <List size="sm" mt="xs">
        {records.map(({ id, name }) => (
          <List.Item key={id}>
            {linkTo ? (
              <Anchor component={Link} to={linkTo(id)} inherit>
                {name}
              </Anchor>
            ) : (
              name
            )}
          </List.Item>
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
