import { FILL_COLORS, type FillColor, href } from '@atrium/contracts';
import { Box, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';
import { DateField } from '@/shared/ui/date-field';
import { FormSection } from '@/shared/ui/form-section';
import { CLIENT_FIELDS, type ClientFormValues, validateClient } from './client-form-values';
import { FILL_COLOR_THEME } from './fill-color';
import { listClasses } from './list-parts';
import { RecordFormFooter, useRecordForm } from './record-form';

export type ClientFormProps = {
  initialValues: ClientFormValues;
  submit: (body: NonNullable<ReturnType<typeof validateClient>['body']>) => Promise<unknown>;
};

/** Every field of the Client entity (spec part 2 §3); title is required, and the server checks again. */
export function ClientForm({ initialValues, submit }: ClientFormProps) {
  const { t } = useTranslation();
  const { field, failure, alertRef, form, onSubmit } = useRecordForm({
    initialValues,
    validate: validateClient,
    fields: CLIENT_FIELDS,
    submit,
  });
  const values = form.getValues();

  const colourData = FILL_COLORS.map((c) => ({ value: c, label: t(`clients.colors.${c}` as 'clients.colors.red') }));

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
      <Stack gap="lg">
        <FormSection title={t('clients.form.sections.client')}>
          <TextInput label={t('clients.form.title')} required withAsterisk {...field('title')} />
          <Textarea label={t('clients.form.description')} autosize minRows={2} maxRows={8} {...field('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('clients.form.clientCode')} {...field('clientCode')} />
            <Select
              label={t('clients.form.fillColor')}
              data={colourData}
              clearable
              {...field('fillColor')}
              onChange={(v) => form.setFieldValue('fillColor', (v as FillColor | null) ?? null)}
              leftSection={
                values.fillColor ? (
                  <Box
                    className={listClasses.swatch}
                    bg={`${FILL_COLOR_THEME[values.fillColor]}.6`}
                    aria-hidden="true"
                  />
                ) : undefined
              }
              renderOption={({ option }) => (
                <Group gap="xs" wrap="nowrap">
                  <Box
                    className={listClasses.swatch}
                    bg={`${FILL_COLOR_THEME[option.value as FillColor]}.6`}
                    aria-hidden="true"
                  />
                  {option.label}
                </Group>
              )}
            />
            {/* The input shows the spec's formatted copy of clientSince (dd-MM-yyyy) and holds YYYY-MM-DD. */}
            <DateField
              label={t('clients.form.clientSince')}
              description={t('clients.form.clientSinceHint')}
              clearable
              {...field('clientSince')}
              value={values.clientSince}
            />
            <TextInput label={t('clients.form.acquiredBy')} {...field('acquiredBy')} />
            <TextInput label={t('clients.form.pricing')} {...field('pricing')} />
          </SimpleGrid>
          <Checkbox
            label={t('clients.form.aeAdvisor')}
            {...form.getInputProps('aeAdvisor', { type: 'checkbox' })}
            data-path="aeAdvisor"
          />
        </FormSection>

        <FormSection title={t('clients.form.sections.place')}>
          <TextInput label={t('clients.form.address')} {...field('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {/* Plain text, so that 200 or 'abc' stay as typed and the field says what is wrong with them. */}
            <TextInput label={t('clients.form.latitude')} inputMode="decimal" {...field('latitude')} />
            <TextInput label={t('clients.form.longitude')} inputMode="decimal" {...field('longitude')} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('clients.form.sections.invoice')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('clients.form.billTo')} {...field('invoice.billTo')} />
            <TextInput label={t('clients.form.invoiceEmail')} type="email" {...field('invoice.email')} />
          </SimpleGrid>
          <Textarea label={t('clients.form.notes')} autosize minRows={2} maxRows={8} {...field('notes')} />
        </FormSection>

        <RecordFormFooter
          failure={failure}
          alertRef={alertRef}
          failedTitle={t('clients.form.submitFailed')}
          submitting={form.submitting}
          cancel={href('clients', 'list')}
          hint={
            <Text size="sm" c="dimmed">
              {t('clients.form.requiredHint')}
            </Text>
          }
        />
      </Stack>
    </form>
  );
}
