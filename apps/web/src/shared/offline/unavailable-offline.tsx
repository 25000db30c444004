import { Alert, Button, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NetworkError } from '@/shared/api/api-error';
import { useSession } from '@/shared/api/session';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useOfflineQueue } from './use-offline-queue';

type RecordQuery = { data?: unknown; isPending: boolean; error: unknown };

/**
 * Whether a record's page has nothing to show because this device has no network and never kept the
 * record (it was not opened online here): its loader would otherwise wait for an answer that cannot come.
 */
export function useUnavailableOffline(queries: readonly RecordQuery[]): boolean {
  const { online } = useOfflineQueue();
  const session = useSession();
  const offline = !online || (session.status === 'authenticated' && session.offline === true);
  return offline && queries.some((q) => q.data === undefined && (q.isPending || q.error instanceof NetworkError));
}

/** What a record's page says instead of its form when the record is not on this device: why, and the way back. */
export function UnavailableOffline({ back, backLabel }: { back: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconWifiOff size={20} aria-hidden />}
      title={t('offline.editUnavailable')}
    >
      <Text size="sm">{t('offline.editUnavailableHint')}</Text>
      <Button mt="sm" size="xs" variant="default" component={Link} to={back}>
        {backLabel}
      </Button>
    </Alert>
  );
}
