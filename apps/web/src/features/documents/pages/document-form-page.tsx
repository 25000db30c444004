import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAllDocumentTypes } from '@/features/documents/api/get-all-document-types';
import { useDocument } from '@/features/documents/api/get-document';
import { useCreateDocument, useUpdateDocument } from '@/features/documents/api/save-document';
import { useUploadDocumentFile } from '@/features/documents/api/upload-document-file';
import { DocumentForm } from '@/features/documents/components/document-form';
import { FormFrame } from '@/features/documents/components/form-frame';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';

/**
 * /admin/documents/new and /admin/documents/edit/{id} (spec part 2 §4). Create: the record, then its
 * file, then back. When the upload fails after the record was made, the form stays and says so; a retry
 * updates that record with what the form holds now, then uploads. Edit: the record, then the file when a
 * new one was chosen, then back.
 */
export default function DocumentFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = !id;
  const navigate = useNavigate();
  const session = useSession();
  const isUserOnly =
    session.status === 'authenticated' &&
    !session.user.roles.some((role) => role === 'TenantAdmin' || role === 'Superadmin');
  // A user may add documents but not open the administrators' list.
  const back = isUserOnly ? '/home' : '/admin/documents';
  const document = useDocument(isNew ? null : id);
  const types = useAllDocumentTypes();
  const create = useCreateDocument();
  const update = useUpdateDocument();
  const upload = useUploadDocumentFile();
  // The record made by a first attempt whose upload failed: a new submit updates it rather than making another.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const title = isNew ? t('documents.form.newTitle') : t('documents.form.editTitle');
  usePageTitle(title);
  useNotFoundWhen(!isNew && recordMissing(id, document.error));
  const failed = [document, types].find((q) => q.isError);
  const hasFile = !!document.data?.documentPath;

  return (
    <FormFrame
      title={title}
      subtitle={t('documents.form.subtitle')}
      loading={(!isNew && document.isPending) || types.isPending}
      failed={failed}
    >
      <DocumentForm
        key={document.data?.id ?? 'new'}
        initialValues={{
          title: document.data?.title ?? '',
          documentTypeId: document.data?.documentTypeId ?? '',
          file: null,
        }}
        types={types.data?.data ?? []}
        fileRequired={isNew || !hasFile}
        currentFileName={document.data?.fileName}
        retrying={!!createdId}
        cancelHref={back}
        submit={async ({ title: docTitle, documentTypeId, file }, onProgress) => {
          const fields = { title: docTitle, documentTypeId };
          // A record made by an earlier try whose upload failed is updated, so edits since then count.
          let target = id ?? createdId;
          if (target) await update.mutateAsync({ id: target, ...fields });
          else {
            target = (await create.mutateAsync(fields)).id;
            setCreatedId(target);
          }
          if (file && target) await upload.mutateAsync({ id: target, file, replace: hasFile, onProgress });
          notifications.show({ color: 'green', message: t('documents.saved', { name: docTitle }) });
          navigate(back);
        }}
      />
    </FormFrame>
  );
}
