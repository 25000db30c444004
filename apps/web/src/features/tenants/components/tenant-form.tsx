import { FONT_OPTIONS, href, type TenantBody } from '@atrium/contracts';
import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TenantFeature } from '@/features/tenants/api/get-tenant-features';
import { fieldErrorsOf, messageText, problemText } from '@/features/tenants/api/problem-messages';
import { featureTitle } from '@/shared/i18n/feature-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNotBuiltFeatures } from '@/shared/menu/not-built';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { FormSection } from '@/shared/ui/form-section';
import { LogoField } from './logo-field';
import classes from './tenant-form.module.css';
import {
  ASSISTANT_FIELDS,
  COLOUR_FIELDS,
  isHexColour,
  isPreferedUrl,
  type TenantFormValues,
  validateTenant,
} from './tenant-form-values';
import { UserPicker } from './user-picker';

export type TenantFormProps = {
  initialValues: TenantFormValues;
  features: TenantFeature[];
  /** Only a super administrator sees and sets the partner flag and its limits. */
  isSuperadmin: boolean;
  isNew: boolean;
  submit: (body: TenantBody) => Promise<unknown>;
};

/** Only digits may be typed into the partner limits. */
const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Every field of the Tenant entity with the spec's rules (part 1 §3-§5); the server checks them again. */
export function TenantForm({ initialValues, features, isSuperadmin, isNew, submit }: TenantFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const calendarId = features.find((f) => f.name === 'Calendar')?.id;

  const form = useForm<TenantFormValues>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => {
      const result = validateTenant(values, !!calendarId && values.featureIds.includes(calendarId));
      if (!result.errors) return {};
      return Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, messageText(t, v)]));
    },
  });
  const values = form.getValues();
  const hasCalendar = !!calendarId && values.featureIds.includes(calendarId);

  // As the tenant's menu names them: its own title, else the translated name. A feature whose module this
  // version does not have is marked, and cannot be switched on (one already on can be switched off).
  const notBuilt = useNotBuiltFeatures();
  const featureData = features.map((f) =>
    notBuilt.has(f.name)
      ? { value: f.id, label: t('tenants.form.notBuilt', { name: featureTitle(t, f) }), disabled: true }
      : { value: f.id, label: featureTitle(t, f) },
  );
  // The mobile menu offers only the features the tenant has.
  const mobileData = featureData.filter((f) => values.featureIds.includes(f.value));

  const onFeaturesChange = (ids: string[]) => {
    form.setFieldValue('featureIds', ids);
    form.setFieldValue(
      'mobileFeatureIds',
      form.getValues().mobileFeatureIds.filter((id) => ids.includes(id)),
    );
    if (!calendarId || !ids.includes(calendarId)) form.setFieldValue('showCalendarAsList', false);
  };

  const onPartnerChange = (checked: boolean) => {
    form.setFieldValue('isPartnerTenant', checked);
    if (!checked) {
      // Unticking clears both limits (spec part 1 §4).
      form.setFieldValue('maxUsersCanCreate', '');
      form.setFieldValue('maxTenantsCanCreate', '');
      form.clearFieldError('maxUsersCanCreate');
      form.clearFieldError('maxTenantsCanCreate');
    }
  };

  // The warning toast of spec part 1 §8; one at a time, whether it came from leaving the field or from saving.
  const warnPutHttps = () =>
    notifications.show({
      id: 'putHttps',
      color: 'yellow',
      title: t('tenants.form.preferedUrl'),
      message: t('tenants.errors.putHttps'),
    });

  const showFailure = (message: string) => {
    setFailure(message);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const onValid = async () => {
    const result = validateTenant(form.getValues(), hasCalendar);
    if (!result.body) return;
    setFailure(null);
    try {
      await submit(result.body);
    } catch (error) {
      const fields = fieldErrorsOf(t, error);
      form.setErrors(fields);
      showFailure(problemText(t, error));
    }
  };

  const onInvalid = (errors: Record<string, unknown>) => {
    if (errors.preferedUrl) warnPutHttps();
    const first = Object.keys(errors)[0];
    if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
  };

  const field = (path: string) => ({ ...form.getInputProps(path), 'data-path': path });

  return (
    <form noValidate onSubmit={form.onSubmit(onValid, onInvalid)} aria-busy={form.submitting}>
      <Stack gap="lg">
        {failure && (
          <ErrorAlert ref={alertRef} title={t('tenants.form.submitFailed')}>
            {failure}
          </ErrorAlert>
        )}

        <FormSection title={t('tenants.form.general')}>
          <TextInput label={t('tenants.form.name')} required withAsterisk {...field('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('tenants.form.cvr')} {...field('cvr')} />
            <TextInput label={t('tenants.form.phoneNumber')} type="tel" autoComplete="off" {...field('phoneNumber')} />
            <TextInput label={t('tenants.form.mainMail')} type="email" autoComplete="off" {...field('mainMail')} />
            <TextInput
              label={t('tenants.form.preferedUrl')}
              placeholder="https://"
              type="url"
              {...field('preferedUrl')}
              onBlur={(e) => {
                form.getInputProps('preferedUrl').onBlur?.(e);
                if (!isPreferedUrl(e.currentTarget.value)) warnPutHttps();
              }}
            />
          </SimpleGrid>
          <TextInput label={t('tenants.form.address')} {...field('address')} />
          <Textarea label={t('tenants.form.remarks')} autosize minRows={2} maxRows={6} {...field('remarks')} />
        </FormSection>

        <FormSection title={t('tenants.form.usersSection')} description={t('tenants.form.usersHint')}>
          <UserPicker label={t('tenants.form.users')} required {...field('userIds')} value={values.userIds} />
        </FormSection>

        <FormSection title={t('tenants.form.featuresSection')}>
          <MultiSelect
            label={t('tenants.form.features')}
            searchable
            clearable
            nothingFoundMessage={t('tenants.form.nothingFound')}
            data={featureData}
            {...field('featureIds')}
            onChange={onFeaturesChange}
          />
          <MultiSelect
            label={t('tenants.form.mobileFeatures')}
            description={t('tenants.form.mobileFeaturesHint')}
            searchable
            clearable
            disabled={mobileData.length === 0}
            nothingFoundMessage={t('tenants.form.nothingFound')}
            data={mobileData}
            {...field('mobileFeatureIds')}
          />
          {hasCalendar && (
            <Checkbox
              label={t('tenants.form.showCalendarAsList')}
              {...form.getInputProps('showCalendarAsList', { type: 'checkbox' })}
            />
          )}
          <Checkbox
            label={t('tenants.form.useKmAsValues')}
            {...form.getInputProps('useKmAsValues', { type: 'checkbox' })}
          />
          <Checkbox
            label={t('tenants.form.allowUnauthorizedAccess')}
            description={t('tenants.form.allowUnauthorizedAccessHint')}
            {...form.getInputProps('allowUnauthorizedAccess', { type: 'checkbox' })}
          />
          <Checkbox
            label={t('tenants.form.requireTwoFactor')}
            description={t('tenants.form.requireTwoFactorHint')}
            {...form.getInputProps('requireTwoFactor', { type: 'checkbox' })}
          />
        </FormSection>

        {isSuperadmin && (
          <FormSection title={t('tenants.form.partnerSection')} description={t('tenants.form.partnerHint')}>
            <Checkbox
              label={t('tenants.form.isPartnerTenant')}
              checked={values.isPartnerTenant}
              onChange={(e) => onPartnerChange(e.currentTarget.checked)}
              data-path="isPartnerTenant"
              error={form.errors.isPartnerTenant}
            />
            {values.isPartnerTenant && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('tenants.form.maxUsersCanCreate')}
                  inputMode="numeric"
                  {...field('maxUsersCanCreate')}
                  onChange={(e) => form.setFieldValue('maxUsersCanCreate', digitsOnly(e.currentTarget.value))}
                />
                <TextInput
                  label={t('tenants.form.maxTenantsCanCreate')}
                  inputMode="numeric"
                  {...field('maxTenantsCanCreate')}
                  onChange={(e) => form.setFieldValue('maxTenantsCanCreate', digitsOnly(e.currentTarget.value))}
                />
              </SimpleGrid>
            )}
          </FormSection>
        )}

        <FormSection title={t('tenants.form.brandingSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <LogoField
              field="logoMediaFile"
              label={t('tenants.form.logo')}
              value={values.logoMediaFile}
              onChange={(path) => form.setFieldValue('logoMediaFile', path)}
              error={form.errors.logoMediaFile as string | undefined}
            />
            <LogoField
              field="mobileLogoMediaFile"
              label={t('tenants.form.mobileLogo')}
              value={values.mobileLogoMediaFile}
              onChange={(path) => form.setFieldValue('mobileLogoMediaFile', path)}
              error={form.errors.mobileLogoMediaFile as string | undefined}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {COLOUR_FIELDS.map((name) => {
              const path = `customTenantProperties.${name}`;
              return (
                <ColorInput
                  key={name}
                  label={t(`tenants.form.${name}`)}
                  placeholder="#rrggbb"
                  format="hex"
                  fixOnBlur={false}
                  withEyeDropper={false}
                  {...form.getInputProps(path)}
                  data-path={path}
                  onBlur={(e) => {
                    form.getInputProps(path).onBlur?.(e);
                    if (!isHexColour(e.currentTarget.value)) {
                      form.setFieldError(path, t('tenants.errors.invalidHexColour'));
                    }
                  }}
                />
              );
            })}
            <Select
              label={t('tenants.form.fontFamily')}
              data={FONT_OPTIONS.map((f) => ({
                value: f,
                label: f === 'default' ? t('tenants.form.fontDefault') : f,
              }))}
              allowDeselect={false}
              {...field('customTenantProperties.fontFamily')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('tenants.form.mapSection')}>
          <TextInput label={t('tenants.form.startingAddress')} {...field('startingAddress')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label={t('tenants.form.startingLat')}
              min={-90}
              max={90}
              decimalScale={7}
              {...field('startingLat')}
            />
            <NumberInput
              label={t('tenants.form.startingLng')}
              min={-180}
              max={180}
              decimalScale={7}
              {...field('startingLng')}
            />
            <NumberInput
              label={t('tenants.form.mapZoom')}
              min={0}
              max={22}
              allowDecimal={false}
              {...field('mapZoom')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('tenants.form.assistantsSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ASSISTANT_FIELDS.map((name) => {
              const path = `customTenantProperties.${name}`;
              return (
                <Switch
                  key={name}
                  label={t(`tenants.form.${name}`)}
                  {...form.getInputProps(path, { type: 'checkbox' })}
                />
              );
            })}
          </SimpleGrid>
        </FormSection>

        <Group justify="flex-end" gap="sm" className={classes.actions}>
          <Button component={Link} to={href('tenants', 'list')} variant="default">
            {t('tenants.form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {isNew ? t('tenants.form.create') : t('tenants.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
