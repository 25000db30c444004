import type { ReactNode } from 'react';
import { FormPageFrame } from './form-page-frame';
import { LoadFailed } from './load-failed';

type Query = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A page that needs several reads: its heading, then a loader until all have answered, the first
 * failure with a retry (worded by the feature: its title and problemText), or the page.
 */
export function QueriesPageFrame({
  queries,
  failedTitle,
  describe,
  width = 960,
  ...frame
}: {
  title: string;
  subtitle: string;
  width?: number;
  queries: Query[];
  failedTitle: string;
  /** Why a read failed, in the user's words (the feature's problemText). */
  describe: (error: unknown) => string;
  children: ReactNode;
}) {
  const failed = queries.find((q) => q.isError);
  const failure = failed && (
    <LoadFailed title={failedTitle} message={describe(failed.error)} onRetry={() => void failed.refetch()} />
  );
  return <FormPageFrame {...frame} width={width} loading={queries.some((q) => q.isPending)} failure={failure} />;
}
