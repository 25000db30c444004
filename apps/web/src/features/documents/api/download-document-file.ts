import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile } from '@/shared/api/files';
import { documentKeys } from './types';

/** GET /documents/{id}/file with the bearer token (an <img> or a plain link would send none). */
export const downloadDocumentFile = (id: string, fallbackName: string) =>
  downloadFile(`/documents/${id}/file`, fallbackName);

/** The file of an image document as a blob, for its preview. */
export const documentPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: [...documentKeys.detail(id), 'preview'],
    queryFn: () => downloadDocumentFile(id, 'preview'),
    staleTime: 5 * 60_000,
    // Not kept for a reload with no network (shared/offline): a Blob would come back as {}.
    meta: { persist: false },
  });

export const useDocumentPreview = (id: string, enabled: boolean) => useQuery({ ...documentPreviewQuery(id), enabled });
