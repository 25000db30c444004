import { can, href, POLICIES } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useAllDocumentTypes } from '@/features/documents/api/get-all-document-types';
import { useDocument } from '@/features/documents/api/get-document';
import { useCreateDocument, useUpdateDocument } from '@/features/documents/api/save-document';
import { typeNameShown } from '@/features/documents/api/types';
import { useUploadDocumentFile } from '@/features/documents/api/upload-document-file';
import { DocumentForm } from '@/features/documents/components/document-form';
import { FormFrame } from '@/features/documents/components/form-frame';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useGoBack } from '@/shared/routing/go-back';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';

/**
 * /admin/documents/new and /admin/documents/edit/{id} (spec part 2 §4). Create: the record, then its
 * file, then back. A refused or failed first upload removes the record on the server, so a new try makes
 * it again; leaving the page cancels an upload under way. Edit: the record, then the file when a new one
 * was chosen, then back.
 */
export default function DocumentFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = !id;
  const session = useSession();
  const isUserOnly = session.status === 'authenticated' && !can(session.user, POLICIES.tenantAdmins);
  // Saved, the form goes back where it was opened from (spec part 2 §4); opened directly, to the
  // administrators' list, or home for a user, who may add documents but not open that list.
  const back = isUserOnly ? href('home', 'home') : href('documents', 'list');
  const goBack = useGoBack(back);
  const document = useDocument(isNew ? null : id);
  const types = useAllDocumentTypes();
  const create = useCreateDocument();
  const update = useUpdateDocument();
  const upload = useUploadDocumentFile();
  // Cancel (or any way off the page) stops an upload under way; the server then removes its new record.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
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
        types={(types.data?.data ?? []).map((type) => ({ ...type, name: typeNameShown(t, type.name) }))}
        fileRequired={isNew || !hasFile}
        currentFileName={document.data?.fileName}
        cancelHref={back}
        submit={async ({ title: docTitle, documentTypeId, file }, onProgress) => {
          const fields = { title: docTitle, documentTypeId };
          const target = id ?? (await create.mutateAsync(fields)).id;
          if (id) await update.mutateAsync({ id, ...fields });
          if (file) {
            const signal = leaving.current.signal;
            await upload.mutateAsync({ id: target, file, replace: hasFile, onProgress, signal });
          }
          notifications.show({ color: 'green', message: t('documents.saved', { name: docTitle }) });
          goBack();
        }}
      />
    </FormFrame>
  );
}
