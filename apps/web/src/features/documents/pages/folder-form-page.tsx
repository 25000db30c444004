import { href } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useFolder } from '@/features/documents/api/get-folder';
import { useFolders } from '@/features/documents/api/get-folders';
import { useFoldersExcept } from '@/features/documents/api/get-folders-except';
import { useSaveFolder } from '@/features/documents/api/save-folder';
import { FormFrame } from '@/features/documents/components/form-frame';
import { FolderForm } from '@/features/documents/components/simple-forms';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';

const BACK = href('documents', 'folders');

/** /folder/new and /edit/folder/{id}: name and parent folder (never the folder itself or one below it). */
export default function FolderFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = !id;
  const navigate = useNavigate();
  const folder = useFolder(isNew ? null : id);
  const all = useFolders();
  const except = useFoldersExcept(isNew ? null : id);
  const parents = isNew ? all : except;
  const save = useSaveFolder();
  const title = isNew ? t('documents.folders.newTitle') : t('documents.folders.editTitle');
  usePageTitle(title);
  useNotFoundWhen(!isNew && recordMissing(id, folder.error));
  const failed = [folder, parents].find((q) => q.isError);

  return (
    <FormFrame
      title={title}
      subtitle={t('documents.folders.formSubtitle')}
      loading={(!isNew && folder.isPending) || parents.isPending}
      failed={failed}
    >
      <FolderForm
        key={folder.data?.id ?? 'new'}
        initialValues={{ name: folder.data?.name ?? '', parentFolderId: folder.data?.parentFolderId ?? null }}
        parents={parents.data ?? []}
        cancelHref={BACK}
        submit={async (body) => {
          await save.mutateAsync({ id: id ?? null, body });
          notifications.show({ color: 'green', message: t('documents.saved', { name: body.name }) });
          navigate(BACK);
        }}
      />
    </FormFrame>
  );
}
