import { cutName, href } from '@atrium/contracts';
import { Badge } from '@mantine/core';
import { useState } from 'react';
import { useDeleteDocument } from '@/features/documents/api/delete-document';
import { type DocumentSort, useDocuments } from '@/features/documents/api/get-documents';
import { DOCUMENTS_PAGE_SIZE, typeNameShown } from '@/features/documents/api/types';
import { ConfirmDeleteDialog } from '@/features/documents/components/confirm-delete-dialog';
import { ListPage } from '@/features/documents/components/list-page';
import type { RecordListRow } from '@/features/documents/components/record-list';
import { formatDateTime } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useListParams } from '@/shared/list/use-list-params';

const SORTS = ['title', 'updatedAt'] as const;

/** /admin/documents and /folders/documents: titles cut at 50, search, sort, paging; a document without its file is marked. */
export default function DocumentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('documents.list.title'));
  const list = useListParams<DocumentSort>(SORTS, 'updatedAt', {
    take: DOCUMENTS_PAGE_SIZE,
    direction: 'desc',
  });
  const { params, setPage } = list;
  const documents = useDocuments(params);
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<RecordListRow | null>(null);
  const data = documents.data;
  const rows = data?.data.map(
    (doc): RecordListRow => ({
      id: doc.id,
      name: doc.title,
      shownName: cutName(doc.title),
      editHref: href('documents', 'edit', { id: doc.id }),
      details: (
        <>
          {typeNameShown(t, doc.documentTypeName)} ·{' '}
          <time dateTime={doc.updatedAt}>{formatDateTime(doc.updatedAt)}</time>
        </>
      ),
      extra: doc.documentPath ? undefined : (
        <Badge color="orange" variant="light" size="sm">
          {t('documents.list.noFile')}
        </Badge>
      ),
    }),
  );

  return (
    <ListPage
      title={t('documents.list.title')}
      subtitle={data ? t('documents.list.total', { count: data.total }) : t('documents.list.subtitle')}
      addHref={href('documents', 'create')}
      addLabel={t('documents.list.add')}
      search={{
        list,
        label: t('documents.list.search'),
        sortBy: [
          { column: 'title', name: t('documents.sort.name') },
          {
            column: 'updatedAt',
            date: { newest: t('documents.sort.updatedDesc'), oldest: t('documents.sort.updatedAsc') },
          },
        ],
      }}
      query={documents}
      loadFailed={t('documents.list.loadFailed')}
      rows={documents.isPending ? undefined : rows}
      total={data?.total}
      page={params.page}
      onPage={setPage}
      emptyTitle={t('documents.list.empty')}
      emptyText={t('documents.list.emptyText')}
      onDelete={setDeleting}
    >
      <ConfirmDeleteDialog item={deleting} onClose={() => setDeleting(null)} remove={remove} />
    </ListPage>
  );
}
