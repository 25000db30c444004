import {
  HOME_LIMITS,
  type HomeLogoUpload,
  href,
  type TenantContent,
  type TenantContentBodyInput,
  tenantContentBodySchemaFor,
} from '@atrium/contracts';
import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTenantContent } from '@/features/tenant-settings/api/get-tenant-content';
import { fieldErrorsOf, messageText, problemText } from '@/features/tenant-settings/api/problem-messages';
import { useSaveTenantContent } from '@/features/tenant-settings/api/save-tenant-content';
import { contentLogoUploadKey } from '@/features/tenant-settings/api/upload-content-logo';
import { ContentLogoField } from '@/features/tenant-settings/components/content-logo-field';
import { SettingsFormActions, TenantRecordPage } from '@/features/tenant-settings/components/settings-page-frame';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CardForm } from '@/shared/ui/card-form';
import { RichTextField } from '@/shared/ui/rich-text-field';

type Values = {
  headline: string;
  logo: HomeLogoUpload | null;
  pageHtml: string;
  pageHtml2: string;
  descriptionMobile: string;
  videoUrl: string;
};

const valuesOf = (c: TenantContent): Values => ({
  headline: c.headline ?? '',
  logo: c.logo ? { path: c.logo.fileUrl, path320: c.logo.fileUrl320, path800: c.logo.fileUrl800 } : null,
  pageHtml: c.pageHtml ?? '',
  pageHtml2: c.pageHtml2 ?? '',
  descriptionMobile: c.descriptionMobile ?? '',
  videoUrl: c.videoUrl ?? '',
});

const bodyOf = (v: Values): TenantContentBodyInput => ({
  headline: v.headline,
  logoMediaFile: v.logo?.path ?? null,
  logoMediaFile320: v.logo?.path320 ?? null,
  logoMediaFile800: v.logo?.path800 ?? null,
  pageHtml: v.pageHtml,
  pageHtml2: v.pageHtml2,
  descriptionMobile: v.descriptionMobile,
  videoUrl: v.videoUrl,
});

function ContentForm({
  tenantId,
  tenantName,
  content,
}: {
  tenantId: string;
  tenantName: string;
  content: TenantContent;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveTenantContent();
  // The server's own rule: the same schema, with the hosts it allows.
  const schema = useMemo(() => tenantContentBodySchemaFor(content.videoHosts), [content.videoHosts]);
  const form = useForm<Values>({
    initialValues: valuesOf(content),
    validateInputOnChange: true,
    validate: (values) => {
      const result = schema.safeParse(bodyOf(values));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        const key = field.startsWith('logoMediaFile') ? 'logo' : field;
        errors[key] ??= messageText(t, issue.message);
      }
      return errors;
    },
  });
  const invalid = !schema.safeParse(bodyOf(form.values)).success;
  // Saved during a logo upload, the form would store the old logo and lose the new one.
  const uploading = useIsMutating({ mutationKey: contentLogoUploadKey(tenantId) }) > 0;

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: tenantId, body: bodyOf(values) });
      notifications.show({ color: 'green', message: t('tenantSettings.html.saved', { name: tenantName }) });
      navigate(href('tenants', 'list'));
    } catch (err) {
      const fields = fieldErrorsOf(t, err);
      for (const [path, message] of Object.entries(fields)) {
        form.setFieldError(path.startsWith('logoMediaFile') ? 'logo' : path, message);
      }
      notifications.show({ color: 'red', title: t('tenantSettings.html.saveFailed'), message: problemText(t, err) });
    }
  });

  return (
    <CardForm onSubmit={submit} below={<SettingsFormActions saving={save.isPending} disabled={invalid || uploading} />}>
      <TextInput
        label={t('tenantSettings.html.headline')}
        maxLength={HOME_LIMITS.headlineMax + 20}
        {...form.getInputProps('headline')}
      />
      <ContentLogoField
        tenantId={tenantId}
        value={form.values.logo}
        onChange={(logo) => form.setFieldValue('logo', logo)}
        error={form.errors.logo as string | undefined}
      />
      <RichTextField
        formats={['headings', 'marks', 'lists']}
        label={t('tenantSettings.html.pageHtml')}
        value={content.pageHtml}
        onChange={(html) => form.setFieldValue('pageHtml', html)}
        error={form.errors.pageHtml as string | undefined}
      />
      <TextInput
        label={t('tenantSettings.html.videoUrl')}
        description={t('tenantSettings.html.videoUrlHint', {
          hosts: new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(content.videoHosts),
        })}
        inputMode="url"
        {...form.getInputProps('videoUrl')}
      />
      <RichTextField
        formats={['headings', 'marks', 'lists']}
        label={t('tenantSettings.html.pageHtml2')}
        description={t('tenantSettings.html.pageHtml2Hint')}
        value={content.pageHtml2}
        onChange={(html) => form.setFieldValue('pageHtml2', html)}
        error={form.errors.pageHtml2 as string | undefined}
      />
      <Textarea
        label={t('tenantSettings.html.descriptionMobile')}
        description={t('tenantSettings.html.descriptionMobileHint')}
        rows={3}
        {...form.getInputProps('descriptionMobile')}
      />
    </CardForm>
  );
}

/** /tenants/html/{id}: the tenant's landing content (what its users see on /home). */
export default function TenantHtmlPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const content = useTenantContent(id);
  return (
    <TenantRecordPage
      tenantId={id}
      title={t('tenantSettings.html.title')}
      subtitle={(name) => t('tenantSettings.html.subtitle', { name })}
      record={content}
    >
      {(data, tenantName) => <ContentForm tenantId={id} tenantName={tenantName} content={data} />}
    </TenantRecordPage>
  );
}
