import { href } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { problemText } from '@/features/tenants/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
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

/** A tenant the server does not show this partner manager: none such, or not one they run; the way back. */
export function TenantNotRun() {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={t('tenants.notRun')}>
      <Button size="xs" variant="default" component={Link} to={href('tenants', 'list')}>
        {t('tenants.backToList')}
      </Button>
    </ErrorAlert>
  );
}
