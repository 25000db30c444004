import {
  EMAIL_TEMPLATE_CONTENT,
  EMAIL_TEMPLATE_FOOTER,
  type EmailTemplateBodyInput,
  emailTemplateBodySchema,
  HEX_COLOUR,
  href,
  MAIL_SETTINGS_LIMITS,
} from '@atrium/contracts';
import { Card, ColorInput, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useEmailTemplate } from '@/features/mail-settings/api/get-email-template';
import { useTenantName } from '@/features/mail-settings/api/get-tenant-name';
import { fieldErrorsOf, messageText, problemText } from '@/features/mail-settings/api/problem-messages';
import { useSaveEmailTemplate } from '@/features/mail-settings/api/save-email-template';
import type { EmailTemplate } from '@/features/mail-settings/api/types';
import { MailPageFrame } from '@/features/mail-settings/components/mail-page-frame';
import { TemplatePreview } from '@/features/mail-settings/components/template-preview';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { CancelAndSave } from '@/shared/ui/cancel-and-save';
import { CardForm } from '@/shared/ui/card-form';
import { RichTextField } from '@/shared/ui/rich-text-field';

type Values = { emailTemplate: string; footerText: string; backgroundColor: string };

/** What Save sends (spec part 2 §5): the trimmed template, an empty footer or colour as null. */
const bodyOf = (tenantId: string, v: Values): EmailTemplateBodyInput => ({
  tenantId,
  emailTemplate: v.emailTemplate.trim(),
  footerText: v.footerText.trim() ? v.footerText : null,
  backgroundColor: v.backgroundColor.trim() ? v.backgroundColor.trim() : null,
});

function TemplateForm({
  tenantId,
  tenantName,
  template,
}: {
  tenantId: string;
  tenantName: string;
  template: EmailTemplate;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveEmailTemplate();
  const form = useForm<Values>({
    initialValues: {
      emailTemplate: template.emailTemplate,
      footerText: template.footerText ?? '',
      backgroundColor: template.backgroundColor ?? '',
    },
    validateInputOnChange: ['backgroundColor'],
    validate: (values) => {
      const result = emailTemplateBodySchema.safeParse(bodyOf(tenantId, values));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= messageText(t, issue.message);
      return errors;
    },
  });
  const colour = form.values.backgroundColor.trim();

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ tenantId, body: bodyOf(tenantId, values) });
      notifications.show({ color: 'green', message: t('mailSettings.template.saved', { name: tenantName }) });
      navigate(href('tenants', 'list'));
    } catch (err) {
      for (const [path, message] of Object.entries(fieldErrorsOf(t, err))) form.setFieldError(path, message);
      notifications.show({ color: 'red', title: t('mailSettings.template.saveFailed'), message: problemText(t, err) });
    }
  });

  return (
    <CardForm
      onSubmit={submit}
      below={
        <>
          <Card withBorder padding="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('mailSettings.template.preview')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('mailSettings.template.previewHint')}
              </Text>
              <TemplatePreview
                emailTemplate={form.values.emailTemplate}
                footerText={form.values.footerText}
                backgroundColor={HEX_COLOUR.test(colour) ? colour : null}
              />
            </Stack>
          </Card>
          <Group justify="flex-end">
            <CancelAndSave
              cancel={href('tenants', 'list')}
              cancelLabel={t('mailSettings.cancel')}
              saveLabel={t('mailSettings.template.save')}
              saving={save.isPending}
            />
          </Group>
        </>
      }
    >
      <Textarea
        label={t('mailSettings.template.emailTemplate')}
        description={t('mailSettings.template.emailTemplateHint', {
          contentMark: EMAIL_TEMPLATE_CONTENT,
          footerMark: EMAIL_TEMPLATE_FOOTER,
        })}
        required
        rows={12}
        resize="vertical"
        maxLength={MAIL_SETTINGS_LIMITS.templateMax}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        {...form.getInputProps('emailTemplate')}
      />
      <RichTextField
        formats={['heading', 'marks', 'history', 'lists']}
        label={t('mailSettings.template.footerText')}
        value={template.footerText}
        onChange={(html) => form.setFieldValue('footerText', html)}
        error={form.errors.footerText as string | undefined}
      />
      <Group align="flex-start" gap="md" wrap="wrap">
        <ColorInput
          label={t('mailSettings.template.backgroundColor')}
          description={t('mailSettings.template.backgroundColorHint')}
          format="hex"
          swatches={['#ffffff', '#f1f3f5', '#eef2f6', '#e7f5ff', '#fff9db', '#1c3d5a']}
          value={HEX_COLOUR.test(colour) ? colour : ''}
          onChange={(value) => form.setFieldValue('backgroundColor', value)}
          style={{ flex: '1 1 220px' }}
          eyeDropperButtonProps={{ 'aria-label': t('mailSettings.template.backgroundColor') }}
        />
        <TextInput
          label={t('mailSettings.template.backgroundColorText')}
          description={t('mailSettings.template.backgroundColorHint')}
          placeholder="#eef2f6"
          maxLength={7}
          autoComplete="off"
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('backgroundColor')}
        />
      </Group>
    </CardForm>
  );
}

/** /tenants/emailtemplate/{id}: the template around every mail of the tenant, with a live preview. */
export default function EmailTemplatePage() {
  const { t } = useTranslation();
  const { id: tenantId = '' } = useParams();
  usePageTitle(t('mailSettings.template.title'));
  const name = useTenantName(tenantId);
  const template = useEmailTemplate(tenantId);
  useNotFoundWhen(recordMissing(tenantId, name.error ?? template.error));
  return (
    <MailPageFrame
      title={t('mailSettings.template.title')}
      subtitle={t('mailSettings.template.subtitle', { name: name.data ?? '' })}
      queries={[name, template]}
    >
      {template.data && <TemplateForm tenantId={tenantId} tenantName={name.data ?? ''} template={template.data} />}
    </MailPageFrame>
  );
}
