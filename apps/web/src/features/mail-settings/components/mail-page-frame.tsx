import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { problemText } from '@/features/mail-settings/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';
import { PageLoader } from '@/shared/ui/page-loader';

type Props = {
  title: string;
  subtitle: string;
  /** The queries the page needs: a loader until all answered, an alert with retry when one failed. */
  queries: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }[];
  maw?: number;
  children: ReactNode;
};

/** A mail settings page: heading, then its loading, failed or loaded state. */
export function MailPageFrame({ title, subtitle, queries, maw = 960, children }: Props) {
  const { t } = useTranslation();
  const failed = queries.find((q) => q.isError);
  return (
    <Stack gap="lg" maw={maw}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {subtitle}
        </Text>
      </div>
      {failed ? (
        <LoadFailed
          title={t('mailSettings.loadFailed')}
          message={problemText(t, failed.error)}
          onRetry={() => void failed.refetch()}
        />
      ) : queries.some((q) => q.isPending) ? (
        <PageLoader />
      ) : (
        children
      )}
    </Stack>
  );
}
