import { href } from '@atrium/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAddressBook, IconMapPin } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient } from '@/features/clients/api/get-client';
import { useSaveClient } from '@/features/clients/api/save-client';
import { ClientForm } from '@/features/clients/components/client-form';
import { emptyClientValues, valuesFromClient } from '@/features/clients/components/client-form-values';
import { RecordLoadFailed } from '@/features/clients/components/load-failed';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isQueued } from '@/shared/offline/queue';
import { UnavailableOffline, useUnavailableOffline } from '@/shared/offline/unavailable-offline';
import { isRecordId, recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { PageLoader } from '@/shared/ui/page-loader';

/** /admin/clients/new and /admin/clients/{id}: the client form; success returns to the list. */
export default function ClientFormPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const client = useClient(isNew || !isRecordId(id) ? null : id);
  const save = useSaveClient();
  usePageTitle(isNew ? t('clients.form.newTitle') : (client.data?.title ?? t('clients.title')));
  useNotFoundWhen(!isNew && recordMissing(id, client.error));
  const loading = !isNew && client.isPending;
  const unavailable = useUnavailableOffline(isNew ? [] : [client]);

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h2">
            {isNew
              ? t('clients.form.newTitle')
              : loading
                ? t('clients.title')
                : t('clients.form.editTitle', { title: client.data?.title ?? '' })}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {isNew ? t('clients.form.newSubtitle') : t('clients.form.editSubtitle')}
          </Text>
        </div>
        {client.data && (
          <Group gap="sm">
            <Button
              variant="default"
              component={Link}
              to={href('clients', 'contact', { id })}
              leftSection={<IconAddressBook size={16} />}
            >
              {t('clients.contactCount', { count: client.data.contactsCount ?? 0 })}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={href('clients', 'location', { id })}
              leftSection={<IconMapPin size={16} />}
            >
              {t('clients.locationCount', { count: client.data.locationsCount ?? 0 })}
            </Button>
          </Group>
        )}
      </Group>
      {unavailable ? (
        <UnavailableOffline back={href('clients', 'list')} backLabel={t('clients.backToList')} />
      ) : client.isError ? (
        <RecordLoadFailed query={client} back={href('clients', 'list')} />
      ) : loading ? (
        <PageLoader />
      ) : (
        <ClientForm
          key={client.data?.id ?? 'new'}
          initialValues={client.data ? valuesFromClient(client.data) : emptyClientValues()}
          submit={async (body) => {
            const saved = await save.mutateAsync({ id: isNew ? null : id, body });
            // Saved offline, its own notice says so; either way the list follows, as the spec has it.
            if (!isQueued(saved)) {
              notifications.show({ color: 'green', message: t('clients.form.saved', { title: saved.title }) });
            }
            navigate(href('clients', 'list'));
          }}
        />
      )}
    </Stack>
  );
}
