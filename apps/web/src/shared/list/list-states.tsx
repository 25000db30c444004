import type { ReactNode } from 'react';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import { LoadFailed } from '@/shared/ui/load-failed';

type Copy = { title: string; text: string };

/**
 * A list's load failure (why, and a retry) or its emptiness: nothing yet (`empty`), or nothing matching
 * the search (`noMatches`, while `search` is set); else the list itself.
 */
export function ListStates({
  query,
  rows,
  failedTitle,
  describe,
  icon,
  search,
  empty,
  noMatches,
  children,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  rows: readonly unknown[] | undefined;
  failedTitle: string;
  /** The failure in the user's words (the feature's problemText). */
  describe: (error: unknown) => string;
  icon: ReactNode;
  search: string | undefined;
  empty: Copy;
  noMatches: Copy;
  children: ReactNode;
}) {
  if (query.isError) {
    return <LoadFailed title={failedTitle} message={describe(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (rows && rows.length === 0) {
    const copy = search ? noMatches : empty;
    return <EmptyNotice icon={icon} title={copy.title} text={copy.text} />;
  }
  return children;
}
