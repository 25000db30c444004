import { href } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { useParams } from 'react-router';
import { useClient } from '@/features/clients/api/get-client';
import { useContact } from '@/features/clients/api/get-contact';
import { useSaveContact } from '@/features/clients/api/save-contact';
import { ContactForm, contactValues } from '@/features/clients/components/contact-form';
import { RecordFormFrame } from '@/features/clients/components/record-form-frame';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isQueued } from '@/shared/offline/queue';
import { useGoBack } from '@/shared/routing/go-back';
import { isRecordId, recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';

/**
 * /admin/clients/new/contact/{clientId} and /admin/clients/edit/contact/{contactId} (params type, id):
 * 'new' creates with the client id, anything else loads the contact; success goes back one page.
 */
export default function ContactFormPage() {
  const { t } = useTranslation();
  const { type = '', id = '' } = useParams();
  const isNew = type === 'new';
  const contact = useContact(isNew || !isRecordId(id) ? null : id);
  const clientId = isNew ? id : (contact.data?.companyId ?? null);
  const client = useClient(clientId && isRecordId(clientId) ? clientId : null);
  const save = useSaveContact();
  useNotFoundWhen(recordMissing(id, isNew ? client.error : contact.error));
  const heading = isNew
    ? t('clients.contacts.form.newTitle')
    : t('clients.contacts.form.editTitle', { name: contact.data?.name ?? '' });
  usePageTitle(heading);

  const back = clientId ? href('clients', 'contact', { id: clientId }) : href('clients', 'list');
  // Opened directly, a step back would leave the app: the client's contacts instead.
  const goBack = useGoBack(back);

  return (
    <RecordFormFrame heading={heading} client={client} queries={isNew ? [] : [contact]} back={back}>
      <ContactForm
        key={contact.data?.id ?? 'new'}
        initialValues={contactValues(contact.data)}
        onCancel={goBack}
        submit={async (body) => {
          const saved = await save.mutateAsync({
            id: isNew ? null : id,
            body: { companyId: clientId ?? '', ...body },
          });
          // Saved offline: its own notice says so.
          if (!isQueued(saved))
            notifications.show({ color: 'green', message: t('clients.contacts.form.saved', { name: body.name }) });
          goBack();
        }}
      />
    </RecordFormFrame>
  );
}
