import { FILL_COLORS, type FillColor, href } from '@atrium/contracts';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorsOf, messageText, problemText } from '@/features/clients/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { DateField } from '@/shared/ui/date-field';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { CLIENT_FIELDS, type ClientFormValues, validateClient } from './client-form-values';
import { FILL_COLOR_THEME } from './fill-color';
import { listClasses } from './list-parts';

export type ClientFormProps = {
  initialValues: ClientFormValues;
  submit: (body: NonNullable<ReturnType<typeof validateClient>['body']>) => Promise<unknown>;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Stack gap="md" mt="md">
        {children}
      </Stack>
    </Card>
  );
}

/** Every field of the Client entity (spec part 2 §3); title is required, and the server checks again. */
export function ClientForm({ initialValues, submit }: ClientFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => {
      const { errors } = validateClient(values);
      return errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, messageText(t, v)])) : {};
    },
  });
  const values = form.getValues();

  const onValid = async () => {
    const { body } = validateClient(form.getValues());
    if (!body) return;
    setFailure(null);
    try {
      await submit(body);
    } catch (error) {
      form.setErrors(fieldErrorsOf(t, error));
      setFailure(problemText(t, error));
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  // An invalid submit marks every field touched and sends nothing (spec part 2 §5).
  const onInvalid = (errors: Record<string, unknown>) => {
    form.setTouched(Object.fromEntries(CLIENT_FIELDS.map((f) => [f, true])));
    const first = Object.keys(errors)[0];
    if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
  };

  const field = (path: (typeof CLIENT_FIELDS)[number]) => ({ ...form.getInputProps(path), 'data-path': path });
  const colourData = FILL_COLORS.map((c) => ({ value: c, label: t(`clients.colors.${c}` as 'clients.colors.red') }));

  return (
    <form noValidate onSubmit={form.onSubmit(onValid, onInvalid)} aria-busy={form.submitting}>
      <Stack gap="lg">
        <Section title={t('clients.form.sections.client')}>
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
        </Section>

        <Section title={t('clients.form.sections.place')}>
          <TextInput label={t('clients.form.address')} {...field('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {/* Plain text, so that 200 or 'abc' stay as typed and the field says what is wrong with them. */}
            <TextInput label={t('clients.form.latitude')} inputMode="decimal" {...field('latitude')} />
            <TextInput label={t('clients.form.longitude')} inputMode="decimal" {...field('longitude')} />
          </SimpleGrid>
        </Section>

        <Section title={t('clients.form.sections.invoice')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('clients.form.billTo')} {...field('invoice.billTo')} />
            <TextInput label={t('clients.form.invoiceEmail')} type="email" {...field('invoice.email')} />
          </SimpleGrid>
          <Textarea label={t('clients.form.notes')} autosize minRows={2} maxRows={8} {...field('notes')} />
        </Section>

        {failure && (
          <ErrorAlert ref={alertRef} title={t('clients.form.submitFailed')}>
            {failure}
          </ErrorAlert>
        )}
        <Text size="sm" c="dimmed">
          {t('clients.form.requiredHint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={href('clients', 'list')} variant="default">
            {t('clients.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('clients.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
