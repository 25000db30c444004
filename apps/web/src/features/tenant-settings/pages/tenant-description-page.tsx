import { type FeatureItem, HOME_LIMITS, href } from '@atrium/contracts';
import { Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useFeatureItems } from '@/features/tenant-settings/api/get-feature-items';
import { fieldErrorsOf, problemText } from '@/features/tenant-settings/api/problem-messages';
import { useSaveFeatureItems } from '@/features/tenant-settings/api/save-feature-items';
import { SettingsFormActions, TenantRecordPage } from '@/features/tenant-settings/components/settings-page-frame';
import { featureTitle } from '@/shared/i18n/feature-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { RichTextField } from '@/shared/ui/rich-text-field';

type Values = { items: { id: string; name: string; customTitle: string; customDescription: string }[] };

const valuesOf = (items: FeatureItem[]): Values => ({
  items: items.map((i) => ({
    id: i.id,
    name: i.name,
    customTitle: i.customTitle ?? '',
    customDescription: i.customDescription ?? '',
  })),
});

function DescriptionForm({
  tenantId,
  tenantName,
  items,
}: {
  tenantId: string;
  tenantName: string;
  items: FeatureItem[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveFeatureItems();
  // The default title a blank field falls back to: the feature's name in the user's language.
  const featureName = (name: string) => featureTitle(t, { name });
  // How the feature is named now (the saved title, else that default), as the menu shows it.
  const savedTitle = (id: string) => {
    const saved = items.find((f) => f.id === id);
    return saved ? featureTitle(t, saved) : '';
  };
  const form = useForm<Values>({
    initialValues: valuesOf(items),
    validate: {
      items: {
        customTitle: (v) => (v.trim().length > HOME_LIMITS.customTitleMax ? t('tenantSettings.errors.tooLong') : null),
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: tenantId,
        body: values.items.map((i) => ({
          id: i.id,
          customTitle: i.customTitle,
          customDescription: i.customDescription,
        })),
      });
      notifications.show({ color: 'green', message: t('tenantSettings.description.saved', { name: tenantName }) });
      navigate(href('tenants', 'list'));
    } catch (err) {
      const fields = fieldErrorsOf(t, err);
      for (const [path, message] of Object.entries(fields))
        form.setFieldError(path.replace(/^(\d+)\./, 'items.$1.'), message);
      notifications.show({
        color: 'red',
        title: t('tenantSettings.description.saveFailed'),
        message: problemText(t, err),
      });
    }
  });

  if (!items.length) {
    return (
      <Card withBorder padding="lg">
        <Text>{t('tenantSettings.description.empty')}</Text>
      </Card>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.values.items.map((item, i) => (
          <Card key={item.id} withBorder padding="lg" component="section" aria-labelledby={`feature-${item.id}`}>
            <Stack gap="sm">
              <Title order={2} size="h4" id={`feature-${item.id}`}>
                {savedTitle(item.id)}
              </Title>
              <TextInput
                label={t('tenantSettings.description.customTitle')}
                description={t('tenantSettings.description.customTitleHint', { name: featureName(item.name) })}
                placeholder={featureName(item.name)}
                maxLength={HOME_LIMITS.customTitleMax + 20}
                {...form.getInputProps(`items.${i}.customTitle`)}
              />
              <RichTextField
                formats={['headings', 'marks', 'lists']}
                label={t('tenantSettings.description.customDescription', { name: savedTitle(item.id) })}
                value={item.customDescription || null}
                onChange={(html) => form.setFieldValue(`items.${i}.customDescription`, html)}
                error={form.errors[`items.${i}.customDescription`] as string | undefined}
              />
            </Stack>
          </Card>
        ))}
        <SettingsFormActions saving={save.isPending} />
      </Stack>
    </form>
  );
}

/** /tenants/description/{id}: custom titles and descriptions of the tenant's renamable feature items. */
export default function TenantDescriptionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const items = useFeatureItems(id);
  return (
    <TenantRecordPage
      tenantId={id}
      title={t('tenantSettings.description.title')}
      subtitle={(name) => t('tenantSettings.description.subtitle', { name })}
      record={items}
    >
      {(data, tenantName) => <DescriptionForm tenantId={id} tenantName={tenantName} items={data} />}
    </TenantRecordPage>
  );
}
