import type { Checklist, ChecklistBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { tenantSettingsKeys } from './types';

/** POST /tenants/{id}/checklists {tenantId, title, items[{title, order}]}. */
export const createChecklist = ({ id, body }: { id: string; body: ChecklistBody }) =>
  api<Checklist>(`/tenants/${id}/checklists`, { method: 'POST', body });

export function useCreateChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChecklist,
    onSuccess: (_c, { id }) => queryClient.invalidateQueries({ queryKey: tenantSettingsKeys.checklists(id) }),
  });
}
