import { locationBodySchema } from '@atrium/contracts';
import { Card, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { formPath } from '@/features/clients/api/problem-messages';
import type { LocationFields } from '@/features/clients/api/save-location';
import type { LocationRow } from '@/features/clients/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { coordinateOf } from './client-form-values';
import { radiusSelectData } from './radius';
import { RecordFormFooter, useRecordForm } from './record-form';

export type LocationFormValues = {
  title: string;
  address: string;
  latitude: number | string;
  longitude: number | string;
  /** Metres as the select's value, or null for none. */
  radius: string | null;
};
const FIELDS = ['title', 'address', 'latitude', 'longitude', 'radius'] as const;

export const locationValues = (l: LocationRow | undefined): LocationFormValues => ({
  title: l?.title ?? '',
  address: l?.address ?? '',
  latitude: l?.latitude ?? '',
  longitude: l?.longitude ?? '',
  radius: l?.radius == null ? null : String(l.radius),
});

export function validateLocation(v: LocationFormValues): { body?: LocationFields; errors?: Record<string, string> } {
  const body: LocationFields = {
    title: v.title,
    address: v.address,
    latitude: coordinateOf(v.latitude),
    longitude: coordinateOf(v.longitude),
    radius: v.radius === null ? null : Number(v.radius),
  };
  // companyId is the page's; the contracts check the rest as the server will.
  const result = locationBodySchema.safeParse({ companyId: '00000000-0000-4000-8000-000000000000', ...body });
  if (result.success) return { body };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[formPath(issue.path.join('.'))] ??= issue.message;
  return { errors };
}

type Props = {
  initialValues: LocationFormValues;
  useKmAsValues: boolean;
  onCancel: () => void;
  submit: (body: LocationFields) => Promise<unknown>;
};

/** A location: title, address, coordinates and a radius from the tenant's options (spec part 2 §9). */
export function LocationForm({ initialValues, useKmAsValues, onCancel, submit }: Props) {
  const { t } = useTranslation();
  const { field, failure, alertRef, form, onSubmit } = useRecordForm({
    initialValues,
    validate: validateLocation,
    fields: FIELDS,
    submit,
  });
  const initialRadius = initialValues.radius === null ? null : Number(initialValues.radius);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <TextInput label={t('clients.locations.form.title')} required withAsterisk {...field('title')} />
            <TextInput label={t('clients.locations.form.address')} {...field('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {/* Plain text, so that 200 or 'abc' stay as typed and the field says what is wrong with them. */}
              <TextInput label={t('clients.form.latitude')} inputMode="decimal" {...field('latitude')} />
              <TextInput label={t('clients.form.longitude')} inputMode="decimal" {...field('longitude')} />
            </SimpleGrid>
            <Select
              label={t('clients.locations.form.radius')}
              description={useKmAsValues ? t('clients.units.km') : t('clients.units.miles')}
              placeholder={t('clients.radius.none')}
              data={radiusSelectData(t, useKmAsValues, initialRadius)}
              clearable
              {...field('radius')}
            />
          </Stack>
        </Card>
        <RecordFormFooter
          failure={failure}
          alertRef={alertRef}
          failedTitle={t('clients.locations.form.submitFailed')}
          submitting={form.submitting}
          cancel={onCancel}
        />
      </Stack>
    </form>
  );
}
