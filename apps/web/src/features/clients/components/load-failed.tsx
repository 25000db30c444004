import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { problemText } from '@/features/clients/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';

/** A client, contact or location that could not be loaded: why, a retry, and the way back. */
export function RecordLoadFailed({
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
    <LoadFailed title={title} message={problemText(t, error)} onRetry={onRetry}>
      <Button size="xs" variant="default" component={Link} to={back}>
        {t('clients.backToList')}
      </Button>
    </LoadFailed>
  );
}
