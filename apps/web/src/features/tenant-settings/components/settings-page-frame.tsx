import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { PageLoader } from '@/shared/ui/page-loader';

type Props = {
  title: string;
  subtitle: string;
  /** The queries the page needs: a loader until all answered, an alert with retry when one failed. */
  queries: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }[];
  children: ReactNode;
};

/** A tenant settings page: heading, then its loading, failed or loaded state. */
export function SettingsPageFrame({ title, subtitle, queries, children }: Props) {
  const { t } = useTranslation();
  const failed = queries.find((q) => q.isError);
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {subtitle}
        </Text>
      </div>
      {failed ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('tenantSettings.loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problemText(t, failed.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void failed.refetch()}>
              {t('tenantSettings.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : queries.some((q) => q.isPending) ? (
        <PageLoader />
      ) : (
        children
      )}
    </Stack>
  );
}
