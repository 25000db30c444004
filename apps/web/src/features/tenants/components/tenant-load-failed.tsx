import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { problemText } from '@/features/tenants/api/problem-messages';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** A tenant that could not be loaded: why, a retry, and the way back to the list. */
export function TenantLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={t('tenants.loadFailed')}>
      <Text size="sm">{problemText(t, error)}</Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('tenants.retry')}
        </Button>
        <Button size="xs" variant="default" component={Link} to="/tenants">
          {t('tenants.backToList')}
        </Button>
      </Group>
    </ErrorAlert>
  );
}
