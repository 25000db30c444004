import { useDebouncedValue, useNetwork } from '@mantine/hooks';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Spinner } from '@/shared/ui/spinner';

/**
 * Shows while any request of the app is under way; short ones (under 150 ms) never flash it. Not while
 * the browser is offline: requests then wait for the network, and the offline banner says so.
 */
export function GlobalSpinner() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const requests = useIsFetching() + useIsMutating();
  const busy = online && requests > 0;
  const [shown] = useDebouncedValue(busy, busy ? 150 : 0);
  return (
    <span role="status" aria-live="polite" style={{ display: 'inline-flex', width: 22, justifyContent: 'center' }}>
      {busy && shown ? <Spinner size={18} label={t('loading')} /> : null}
    </span>
  );
}
