import { href } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useClient } from '@/features/clients/api/get-client';
import { useLocation } from '@/features/clients/api/get-location';
import { useMapInfo } from '@/features/clients/api/get-map-info';
import { useSaveLocation } from '@/features/clients/api/save-location';
import { LocationForm, locationValues } from '@/features/clients/components/location-form';
import { RecordFormFrame } from '@/features/clients/components/record-form-frame';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRecordId, recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';

/**
 * /admin/clients/new/location/{clientId} and /admin/clients/edit/location/{locationId}: the location form;
 * success returns to the client's locations.
 */
export default function LocationFormPage() {
  const { t } = useTranslation();
  const { type = '', id = '' } = useParams();
  const isNew = type === 'new';
  const known = isNew || type === 'edit';
  const navigate = useNavigate();
  const location = useLocation(!known || isNew || !isRecordId(id) ? null : id);
  const clientId = isNew ? id : (location.data?.companyId ?? null);
  const client = useClient(clientId && isRecordId(clientId) ? clientId : null);
  const info = useMapInfo();
  const save = useSaveLocation();
  useNotFoundWhen(!known || recordMissing(id, isNew ? client.error : location.error));
  const heading = isNew
    ? t('clients.locations.form.newTitle', { title: client.data?.title ?? '' })
    : t('clients.locations.form.editTitle', { title: location.data?.title ?? '' });
  usePageTitle(heading);

  const back = clientId ? href('clients', 'location', { id: clientId }) : href('clients', 'list');

  return (
    <RecordFormFrame heading={heading} client={client} queries={isNew ? [info] : [location, info]} back={back}>
      <LocationForm
        key={location.data?.id ?? 'new'}
        initialValues={locationValues(location.data)}
        useKmAsValues={info.data?.useKmAsValues ?? true}
        onCancel={() => navigate(back)}
        submit={async (body) => {
          const saved = await save.mutateAsync({ id: isNew ? null : id, companyId: clientId ?? '', body });
          notifications.show({ color: 'green', message: t('clients.form.saved', { title: saved.title }) });
          navigate(href('clients', 'location', { id: saved.companyId }));
        }}
      />
    </RecordFormFrame>
  );
}
