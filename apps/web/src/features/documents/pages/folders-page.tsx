import { cutName, href } from '@atrium/contracts';
import { useState } from 'react';
import { useDeleteFolder } from '@/features/documents/api/delete-folder';
import { useFolders } from '@/features/documents/api/get-folders';
import { DOCUMENTS_PAGE_SIZE } from '@/features/documents/api/types';
import { ConfirmDeleteDialog } from '@/features/documents/components/confirm-delete-dialog';
import { ListPage } from '@/features/documents/components/list-page';
import type { RecordListRow } from '@/features/documents/components/record-list';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useListParams } from '@/shared/list/use-list-params';

/** /folders: the tenant's folders, names cut at 50, paged; add, edit, delete with confirmation. */
export default function FoldersPage() {
  const { t } = useTranslation();
  usePageTitle(t('documents.folders.title'));
  const { params, setPage } = useListParams(['name'] as const, 'name', { take: DOCUMENTS_PAGE_SIZE });
  const folders = useFolders();
  const remove = useDeleteFolder();
  const [deleting, setDeleting] = useState<RecordListRow | null>(null);
  const all = folders.data;
  const start = (params.page - 1) * DOCUMENTS_PAGE_SIZE;
  const rows = all?.slice(start, start + DOCUMENTS_PAGE_SIZE).map(
    (folder): RecordListRow => ({
      id: folder.id,
      name: folder.name,
      shownName: cutName(folder.name),
      editHref: href('documents', 'folderEdit', { id: folder.id }),
      details: folder.parentFolderName
        ? t('documents.folders.inside', { name: cutName(folder.parentFolderName) })
        : t('documents.folders.topLevel'),
    }),
  );

  return (
    <ListPage
      title={t('documents.folders.title')}
      subtitle={all ? t('documents.folders.total', { count: all.length }) : t('documents.folders.subtitle')}
      addHref={href('documents', 'folderCreate')}
      addLabel={t('documents.folders.add')}
      query={folders}
      loadFailed={t('documents.folders.loadFailed')}
      rows={folders.isPending ? undefined : rows}
      total={all?.length}
      page={params.page}
      onPage={setPage}
      emptyTitle={t('documents.folders.empty')}
      emptyText={t('documents.folders.emptyText')}
      onDelete={setDeleting}
    >
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        note={
          deleting && all?.some((f) => f.parentFolderId === deleting.id)
            ? t('documents.folders.subfoldersMove')
            : undefined
        }
      />
    </ListPage>
  );
}
