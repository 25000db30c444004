import { href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { problemText } from '@/features/tenants/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';

/** A tenant that could not be loaded: why, a retry, and the way back to the list. */
export function TenantLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadFailed title={t('tenants.loadFailed')} message={problemText(t, error)} onRetry={onRetry}>
      <Button size="xs" variant="default" component={Link} to={href('tenants', 'list')}>
        {t('tenants.backToList')}
      </Button>
    </LoadFailed>
  );
}
