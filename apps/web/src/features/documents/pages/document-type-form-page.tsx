import { href } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useDocumentType } from '@/features/documents/api/get-document-type';
import { useSaveDocumentType } from '@/features/documents/api/save-document-type';
import { FormFrame } from '@/features/documents/components/form-frame';
import { DocumentTypeForm } from '@/features/documents/components/simple-forms';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';

const BACK = href('documents', 'types');

/** /admin/documenttype/new and /admin/documents/edit/documenttype/{id}. */
export default function DocumentTypeFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = !id;
  const navigate = useNavigate();
  const type = useDocumentType(isNew ? null : id);
  const save = useSaveDocumentType();
  const title = isNew ? t('documents.types.newTitle') : t('documents.types.editTitle');
  usePageTitle(title);
  useNotFoundWhen(!isNew && recordMissing(id, type.error));

  return (
    <FormFrame
      title={title}
      subtitle={t('documents.types.formSubtitle')}
      loading={!isNew && type.isPending}
      failed={type.isError ? type : undefined}
    >
      <DocumentTypeForm
        key={type.data?.id ?? 'new'}
        initialValues={{ name: type.data?.name ?? '', isShownOnSideMenu: type.data?.isShownOnSideMenu ?? false }}
        cancelHref={BACK}
        systemType={type.data?.isSystem ?? false}
        submit={async (body) => {
          const saved = await save.mutateAsync({ id: id ?? null, body });
          notifications.show({ color: 'green', message: t('documents.saved', { name: saved.name }) });
          navigate(BACK);
        }}
      />
    </FormFrame>
  );
}
