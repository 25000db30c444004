import { href } from '@atrium/contracts';
import { Anchor, Table, Text } from '@mantine/core';
import type { ContactSort } from '@/features/clients/api/get-contacts';
import type { ContactRow } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import type { RecordsListProps } from './client-records-page';
import { RecordRows } from './record-rows';

type Props = RecordsListProps<ContactRow, ContactSort>;

const editTo = (row: ContactRow) => href('clients', 'typedContact', { type: 'edit', id: row.id });

/** A client's contacts: a table from 768px, cards below. */
export function ContactsList(props: Props) {
  const { t } = useTranslation();
  return (
    <RecordRows
      {...props}
      testId="contact-row"
      nameOf={(row) => row.name}
      editTo={editTo}
      columns={[
        { label: t('clients.contacts.columns.name'), sort: 'name' },
        { label: t('clients.contacts.columns.email'), sort: 'email' },
        { label: t('clients.contacts.columns.phone') },
      ]}
      cells={(row) => (
        <>
          <Table.Td>
            <Text size="sm">{row.email}</Text>
          </Table.Td>
          <Table.Td>
            {row.phoneNumber ? (
              <Anchor size="sm" href={`tel:${row.phoneNumber.replace(/\s/g, '')}`}>
                {row.phoneNumber}
              </Anchor>
            ) : (
              <Text size="sm">—</Text>
            )}
          </Table.Td>
        </>
      )}
      details={(row) => (
        <Text size="sm" c="dimmed" mt={2} truncate>
          {row.email}
          {row.phoneNumber ? ` · ${row.phoneNumber}` : ''}
        </Text>
      )}
    />
  );
}
