import type { FeatureItem, FeatureItemsBodyInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** PUT /tenants/{id}/featureitems. */
export const saveFeatureItems = ({ id, body }: { id: string; body: FeatureItemsBodyInput }) =>
  api<FeatureItem[]>(`/tenants/${id}/featureitems`, { method: 'PUT', body });

export function useSaveFeatureItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeatureItems,
    onSuccess: async (items, { id }) => {
      queryClient.setQueryData(tenantSettingsKeys.featureItems(id), items);
      // Refreshes the general app data: menus show the new titles here (other sessions hear TenantChanged).
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
