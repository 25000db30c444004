import { useMutation } from '@tanstack/react-query';
import { NetworkError, toApiError } from '../../../shared/api/api-error';
import { API_BASE } from '../../../shared/api/session';
import { withToken } from './authorized';

/** GET /users/export: the active tenant's users as an xlsx workbook; answers the file and its name. */
export async function exportUsers(): Promise<{ blob: Blob; fileName: string }> {
  const response = await withToken(async (token) => {
    try {
      return await fetch(`${API_BASE}/users/export`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
    } catch (err) {
      throw new NetworkError(err);
    }
  });
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'users.xlsx';
  return { blob: await response.blob(), fileName };
}

/** Hands a downloaded file to the browser to save. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportUsers = () => useMutation({ mutationFn: async () => saveFile(await exportUsers()) });
