import type { ReactNode } from 'react';
import type { ClientDetails } from '@/features/clients/api/types';
import { RecordLoadFailed } from '@/features/clients/components/load-failed';
import { useTranslation } from '@/shared/i18n/use-translation';
import { UnavailableOffline, useUnavailableOffline } from '@/shared/offline/unavailable-offline';
import { FormPageFrame } from '@/shared/ui/form-page-frame';

type Query = { data?: unknown; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A contact's or location's form page: the client's name under the heading (the clients' title while
 * loading), a loader until the client and `queries` have loaded, the first failed load with a way `back`,
 * else the form.
 */
export function RecordFormFrame({
  heading,
  client,
  queries,
  back,
  children,
}: {
  heading: string;
  client: Query & { data?: ClientDetails };
  /** What else the form waits for, in the order their failures are told. */
  queries: Query[];
  back: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const all = [client, ...queries];
  const failed = all.find((q) => q.isError);
  const loading = all.some((q) => q.isPending);
  const unavailable = useUnavailableOffline(all);
  return (
    <FormPageFrame
      title={loading ? t('clients.title') : heading}
      subtitle={client.data?.title}
      loading={loading}
      failure={
        unavailable ? (
          <UnavailableOffline back={back} backLabel={t('clients.backToList')} />
        ) : (
          failed && <RecordLoadFailed query={failed} back={back} />
        )
      }
    >
      {children}
    </FormPageFrame>
  );
}
