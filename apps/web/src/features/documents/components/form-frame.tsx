import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { problemText } from '@/features/documents/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadFailed } from '@/shared/ui/load-failed';
import { PageLoader } from '@/shared/ui/page-loader';

type Query = { isError: boolean; error: unknown; refetch: () => unknown };

/** Heading, then the loading state, the load failure with a retry, or the form. */
export function FormFrame({
  title,
  subtitle,
  loading,
  failed,
  children,
}: {
  title: string;
  subtitle: string;
  loading: boolean;
  failed: Query | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
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
          title={t('documents.loadFailed')}
          message={problemText(t, failed.error)}
          onRetry={() => void failed.refetch()}
        />
      ) : loading ? (
        <PageLoader />
      ) : (
        children
      )}
    </Stack>
  );
}
