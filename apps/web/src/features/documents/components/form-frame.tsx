import type { ReactNode } from 'react';
import { problemText } from '@/features/documents/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormPageFrame } from '@/shared/ui/form-page-frame';
import { LoadFailed } from '@/shared/ui/load-failed';

type Query = { isError: boolean; error: unknown; refetch: () => unknown };

/** A documents form page: heading, then the loading state, the load failure with a retry, or the form. */
export function FormFrame({
  failed,
  ...frame
}: {
  title: string;
  subtitle: string;
  loading: boolean;
  failed: Query | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const failure = failed && (
    <LoadFailed
      title={t('documents.loadFailed')}
      message={problemText(t, failed.error)}
      onRetry={() => void failed.refetch()}
    />
  );
  return <FormPageFrame {...frame} failure={failure} />;
}
