import { isImageFile, sideListTitle } from '@atrium/contracts';
import { Anchor, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFile, IconFolderOpen } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { downloadDocumentFile, useDocumentPreview } from '@/features/documents/api/download-document-file';
import { useDocumentsOfType } from '@/features/documents/api/get-documents-of-type';
import { problemText } from '@/features/documents/api/problem-messages';
import { type DocumentRow, typeNameShown } from '@/features/documents/api/types';
import { saveFile } from '@/shared/api/files';
import { useGeneralData } from '@/shared/api/general-data';
import { formatDateTime } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRecordId, useNotFoundWhen } from '@/shared/routing/not-found';
import { EmptyNotice } from '@/shared/ui/empty-notice';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** An image document's preview, fetched with the bearer token and shown from a blob URL. */
function Preview({ doc }: { doc: DocumentRow }) {
  const { t } = useTranslation();
  const preview = useDocumentPreview(doc.id, true);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!preview.data) return;
    const next = URL.createObjectURL(preview.data.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [preview.data]);
  if (preview.isError) return null;
  if (!url) return <Skeleton w={96} h={72} radius="md" />;
  return (
    <Image
      src={url}
      alt={t('documents.side.previewOf', { title: doc.title })}
      w={96}
      h={72}
      fit="contain"
      radius="md"
    />
  );
}

/** /documents/{typeId}: the documents of one type, each title opening its file; images show a preview. */
export default function DocumentTypeDocumentsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useNotFoundWhen(!isRecordId(id));
  const documents = useDocumentsOfType(id);
  // A type not on the sidebar is named by its documents (each carries its type's name).
  const typeName =
    useGeneralData().data?.sideMenuDocumentTypes?.find((type) => type.id === id)?.name ??
    documents.data?.[0]?.documentTypeName;
  const title = typeName ? typeNameShown(t, typeName) : t('documents.side.title');
  usePageTitle(title);

  const open = async (doc: DocumentRow) => {
    try {
      saveFile(await downloadDocumentFile(doc.id, doc.fileName ?? doc.title));
    } catch (error) {
      notifications.show({ color: 'red', message: problemText(t, error) });
    }
  };

  let content: React.ReactNode;
  if (documents.isError) {
    content = (
      <ErrorAlert title={t('documents.list.loadFailed')}>
        <Text size="sm">{problemText(t, documents.error)}</Text>
      </ErrorAlert>
    );
  } else if (documents.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={64} radius="lg" />
        ))}
      </Stack>
    );
  } else if (documents.data.length === 0) {
    content = (
      <EmptyNotice
        icon={<IconFolderOpen size={28} />}
        title={t('documents.side.empty')}
        text={t('documents.side.emptyText')}
      />
    );
  } else {
    content = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {documents.data.map((doc) => (
          <Card key={doc.id} withBorder radius="lg" padding="md" component="li">
            <Group wrap="nowrap" gap="md">
              {doc.documentPath && isImageFile(doc.fileName) ? (
                <Preview doc={doc} />
              ) : (
                <IconFile size={28} aria-hidden />
              )}
              <div style={{ minWidth: 0 }}>
                {doc.documentPath ? (
                  <Anchor
                    href={doc.documentPath}
                    fw={600}
                    title={doc.title}
                    onClick={(e) => {
                      e.preventDefault();
                      void open(doc);
                    }}
                  >
                    {sideListTitle(doc.title)}
                  </Anchor>
                ) : (
                  <Text fw={600} title={doc.title}>
                    {sideListTitle(doc.title)}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {doc.documentPath ? doc.fileName : t('documents.list.noFile')} ·{' '}
                  <time dateTime={doc.updatedAt}>{formatDateTime(doc.updatedAt)}</time>
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {content}
    </Stack>
  );
}
