import { cutName, href } from '@atrium/contracts';
import { Loader, Switch } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDeleteDocumentType } from '@/features/documents/api/delete-document-type';
import { type DocumentTypeSort, useDocumentTypes } from '@/features/documents/api/get-document-types';
import { problemText } from '@/features/documents/api/problem-messages';
import { useSaveDocumentType } from '@/features/documents/api/save-document-type';
import type { DocumentTypeRow } from '@/features/documents/api/types';
import { DOCUMENTS_PAGE_SIZE, typeNameShown } from '@/features/documents/api/types';
import { ConfirmDeleteDialog } from '@/features/documents/components/confirm-delete-dialog';
import { ListPage } from '@/features/documents/components/list-page';
import type { RecordListRow } from '@/features/documents/components/record-list';
import { BREAKPOINTS } from '@/shared/config/ui';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useListParams } from '@/shared/list/use-list-params';

/**
 * 'Show on sidebar': the switch shows the server's value and flips only once the server has answered;
 * the general data (and with it the side menu) is refreshed then (spec part 2 §4).
 */
function SidebarToggle({ type }: { type: DocumentTypeRow }) {
  const { t } = useTranslation();
  const save = useSaveDocumentType();
  // Under 576px the switch keeps its accessible name but not its visible label, so names have room.
  const withLabel = useMediaQuery(`(min-width: ${BREAKPOINTS.rowActions + 1}px)`, true, {
    getInitialValueInEffect: false,
  });
  return (
    <Switch
      checked={type.isShownOnSideMenu}
      disabled={save.isPending}
      thumbIcon={save.isPending ? <Loader size={10} /> : undefined}
      label={withLabel ? t('documents.types.showOnSidebar') : undefined}
      aria-label={t('documents.types.showOnSidebarNamed', { name: type.name })}
      onChange={(e) =>
        save.mutate(
          { id: type.id, body: { name: type.name, isShownOnSideMenu: e.currentTarget.checked } },
          { onError: (error) => notifications.show({ color: 'red', message: problemText(t, error) }) },
        )
      }
    />
  );
}

const SORTS = ['name', 'createdAt'] as const;

/** /admin/documents/documenttypes and /folders/documenttype: search, sort, sidebar toggle, edit, delete, paging. */
export default function DocumentTypesPage() {
  const { t } = useTranslation();
  usePageTitle(t('documents.types.title'));
  const list = useListParams<DocumentTypeSort>(SORTS, 'name', {
    take: DOCUMENTS_PAGE_SIZE,
    direction: 'asc',
  });
  const { params, setPage } = list;
  const types = useDocumentTypes(params);
  const remove = useDeleteDocumentType();
  const [deleting, setDeleting] = useState<RecordListRow | null>(null);
  const data = types.data;
  const rows = data?.data.map(
    (type): RecordListRow => ({
      id: type.id,
      name: typeNameShown(t, type.name),
      shownName: cutName(typeNameShown(t, type.name)),
      editHref: href('documents', 'typeEdit', { id: type.id }),
      details: type.isSystem ? t('documents.types.system') : undefined,
      extra: <SidebarToggle type={type} />,
      deletable: !type.isSystem,
    }),
  );

  return (
    <ListPage
      title={t('documents.types.title')}
      subtitle={data ? t('documents.types.total', { count: data.total }) : t('documents.types.subtitle')}
      addHref={href('documents', 'typeCreate')}
      addLabel={t('documents.types.add')}
      search={{
        list,
        label: t('documents.types.search'),
        sortBy: [
          { column: 'name', name: t('documents.types.name') },
          { column: 'createdAt', date: true },
        ],
      }}
      query={types}
      loadFailed={t('documents.types.loadFailed')}
      rows={types.isPending ? undefined : rows}
      total={data?.total}
      page={params.page}
      onPage={setPage}
      emptyTitle={t('documents.types.empty')}
      emptyText={t('documents.types.emptyText')}
      onDelete={setDeleting}
    >
      <ConfirmDeleteDialog item={deleting} onClose={() => setDeleting(null)} remove={remove} />
    </ListPage>
  );
}
