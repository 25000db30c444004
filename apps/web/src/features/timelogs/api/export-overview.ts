import type { ExportFormat, OverviewKind } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, saveFile } from '@/shared/api/files';

export type { ExportFormat };

type ExportRequest = { kind: OverviewKind; from: string; to: string; format: ExportFormat };

/** GET /timelogs/exportOverview/{kind}/{from}/{to}?format=: the shown table as a file. */
export const exportOverview = ({ kind, from, to, format }: ExportRequest) =>
  downloadFile(
    `/timelogs/exportOverview/${kind}/${from}/${to}?format=${format}`,
    `hours-${kind}-${from}-${to}.${format}`,
  );

export const useExportOverview = () =>
  useMutation({ mutationFn: async (request: ExportRequest) => saveFile(await exportOverview(request)) });
