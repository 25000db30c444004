import type { FeatureItem } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** GET /tenants/{id}/featureitems: the tenant's renamable feature items with their titles and descriptions. */
export const featureItemsQuery = (id: string) =>
  queryOptions({
    queryKey: tenantSettingsKeys.featureItems(id),
    queryFn: ({ signal }) => api<FeatureItem[]>(`/tenants/${id}/featureitems`, { signal }),
  });

export const useFeatureItems = (id: string) => useQuery(featureItemsQuery(id));
