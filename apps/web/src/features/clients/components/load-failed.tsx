import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { problemText } from '@/features/clients/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';

/** A client, contact or location that could not be loaded: why, a retry, and the way back. */
export function RecordLoadFailed({ query, back }: { query: { error: unknown; refetch: () => unknown }; back: string }) {
  const { t } = useTranslation();
  return (
    <LoadFailed
      title={t('clients.loadOneFailed')}
      message={problemText(t, query.error)}
      onRetry={() => void query.refetch()}
    >
      <Button size="xs" variant="default" component={Link} to={back}>
        {t('clients.backToList')}
      </Button>
    </LoadFailed>
  );
}
