import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { problemText } from '@/features/clients/api/problem-messages';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** A client, contact or location that could not be loaded: why, a retry, and the way back. */
export function LoadFailed({
  title,
  error,
  onRetry,
  back,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  back: string;
}) {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={title}>
      <Text size="sm">{problemText(t, error)}</Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('clients.retry')}
        </Button>
        <Button size="xs" variant="default" component={Link} to={back}>
          {t('clients.backToList')}
        </Button>
      </Group>
    </ErrorAlert>
  );
}
