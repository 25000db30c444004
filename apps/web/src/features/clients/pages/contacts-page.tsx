import { CONTACT_SORTS } from '@atrium/contracts';
import { IconAddressBook } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useDeleteContact } from '@/features/clients/api/delete-contact';
import { useContacts } from '@/features/clients/api/get-contacts';
import { ClientRecordsPage } from '@/features/clients/components/client-records-page';
import { ContactsList } from '@/features/clients/components/contacts-list';
import { CLIENTS_PAGE_SIZE } from '@/features/clients/components/list-parts';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useListParams } from '@/shared/list/use-list-params';

/** /admin/clients/contacts/{clientId}: the client's contacts. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const list = useListParams(CONTACT_SORTS, 'name', { take: CLIENTS_PAGE_SIZE });
  const contacts = useContacts(id, list.params);
  const remove = useDeleteContact();
  return (
    <ClientRecordsPage
      kind="contacts"
      clientId={id}
      icon={<IconAddressBook size={28} />}
      list={list}
      records={contacts}
      sortBy={[
        { column: 'name', name: t('clients.contacts.columns.name') },
        { column: 'email', name: t('clients.contacts.columns.email') },
      ]}
      nameOf={(row) => row.name}
      remove={{ ...remove, run: (row, done) => remove.mutate({ id: row.id, companyId: id }, { onSuccess: done }) }}
      renderList={(props) => <ContactsList {...props} />}
    />
  );
}
