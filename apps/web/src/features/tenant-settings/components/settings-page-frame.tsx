import type { ReactNode } from 'react';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { QueriesPageFrame } from '@/shared/ui/queries-page-frame';

/** A tenant settings page: heading, then its loading, failed or loaded state. */
export function SettingsPageFrame(props: {
  title: string;
  subtitle: string;
  queries: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueriesPageFrame {...props} failedTitle={t('tenantSettings.loadFailed')} describe={(e) => problemText(t, e)} />
  );
}
