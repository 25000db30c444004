import type { ReactNode } from 'react';
import { problemText } from '@/features/mail-settings/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { QueriesPageFrame } from '@/shared/ui/queries-page-frame';

/** A mail settings page: heading, then its loading, failed or loaded state. */
export function MailPageFrame({
  maw,
  ...props
}: {
  title: string;
  subtitle: string;
  queries: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }[];
  maw?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueriesPageFrame
      {...props}
      width={maw}
      failedTitle={t('mailSettings.loadFailed')}
      describe={(e) => problemText(t, e)}
    />
  );
}
