import type { FolderBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys } from './types';

export type { FolderBody as FolderFields };

/** POST /folders/postfolder (no id) or PATCH /folders/updateFolder, which takes the parent as parentFolder. */
export const saveFolder = ({ id, body }: { id: string | null; body: FolderBody }) =>
  id
    ? api<{ id: string }>('/folders/updateFolder', {
        method: 'PATCH',
        body: { id, name: body.name, parentFolder: body.parentFolderId },
      })
    : api<{ id: string }>('/folders/postfolder', { method: 'POST', body });

export function useSaveFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.folders() }),
  });
}
