import { checklistExportName } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, saveFile } from '@/shared/api/files';

/** GET /tenants/{id}/checklists/export: every checklist and item as Checklists_{id}.xlsx (a blob). */
export const exportChecklists = (id: string) =>
  downloadFile(`/tenants/${id}/checklists/export`, checklistExportName(id));

export const useExportChecklists = () =>
  useMutation({ mutationFn: async (id: string) => saveFile(await exportChecklists(id)) });
