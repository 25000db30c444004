import { useMutation } from '@tanstack/react-query';
import { downloadFile, saveFile } from '@/shared/api/files';

/** GET /users/export: the active tenant's users as an xlsx workbook. */
export const exportUsers = () => downloadFile('/users/export', 'users.xlsx');

export const useExportUsers = () => useMutation({ mutationFn: async () => saveFile(await exportUsers()) });
