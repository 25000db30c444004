import type { TagBody, TenantListEntry } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** PUT /tenants/{id}/tags/{tagId} with the whole tag. */
export const updateTag = ({ id, tag }: { id: string; tag: TagBody & { id: string } }) =>
  api<TenantListEntry>(`/tenants/${id}/tags/${tag.id}`, { method: 'PUT', body: tag });

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    onSuccess: (_tag, { id }) => queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.list(id, 'tags') }),
  });
}
