import { href, MAIL_SETTINGS_LIMITS, type MailSettingsBodyInput, mailSettingsBodySchema } from '@atrium/contracts';
import { Checkbox, Group, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useMailSettings } from '@/features/mail-settings/api/get-mail-settings';
import { useTenantName } from '@/features/mail-settings/api/get-tenant-name';
import { fieldErrorsOf, messageText, problemText } from '@/features/mail-settings/api/problem-messages';
import { useSaveMailSettings } from '@/features/mail-settings/api/save-mail-settings';
import type { MailSettingsRow } from '@/features/mail-settings/api/types';
import { MailPageFrame } from '@/features/mail-settings/components/mail-page-frame';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { CancelAndSave } from '@/shared/ui/cancel-and-save';
import { CardForm } from '@/shared/ui/card-form';
import { RichTextField } from '@/shared/ui/rich-text-field';

type Values = {
  title: string;
  msGraphTenantId: string;
  msGraphClientId: string;
  msGraphClientSecret: string;
  msGraphSenderId: string;
  msGraphFromMail: string;
  useForSystemMails: boolean;
  customBusinessCard: boolean;
  customBusinessCardContent: string;
};

const valuesOf = (s: MailSettingsRow | undefined): Values => ({
  title: s?.title ?? '',
  msGraphTenantId: s?.msGraphTenantId ?? '',
  msGraphClientId: s?.msGraphClientId ?? '',
  // Never sent by the server: empty keeps the stored one.
  msGraphClientSecret: '',
  msGraphSenderId: s?.msGraphSenderId ?? '',
  msGraphFromMail: s?.msGraphFromMail ?? '',
  useForSystemMails: s?.useForSystemMails ?? false,
  customBusinessCard: s?.customBusinessCard ?? false,
  customBusinessCardContent: s?.customBusinessCardContent ?? '',
});

const bodyOf = (v: Values): MailSettingsBodyInput => ({ ...v });

function MailSettingsForm({
  tenantId,
  tenantName,
  settings,
}: {
  tenantId: string;
  tenantName: string;
  settings: MailSettingsRow | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveMailSettings();
  const back = href('tenant-settings', 'emails', { id: tenantId });
  /** A secret must be typed when none is stored (always on create). */
  const secretRequired = !settings?.hasClientSecret;
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const result = mailSettingsBodySchema.safeParse(bodyOf(values));
      if (!result.success) {
        for (const issue of result.error.issues) {
          errors[String(issue.path[0] ?? '')] ??= messageText(t, issue.message);
        }
      }
      if (secretRequired && !values.msGraphClientSecret.trim()) {
        errors.msGraphClientSecret = messageText(t, 'required');
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ tenantId, id: settings?.id ?? null, body: bodyOf(values) });
      notifications.show({ color: 'green', message: t('mailSettings.form.saved', { title: saved.title }) });
      navigate(back);
    } catch (err) {
      for (const [path, message] of Object.entries(fieldErrorsOf(t, err))) form.setFieldError(path, message);
      notifications.show({ color: 'red', title: t('mailSettings.form.saveFailed'), message: problemText(t, err) });
    }
  });

  return (
    <CardForm
      onSubmit={submit}
      below={
        <Group justify="flex-end">
          <CancelAndSave
            cancel={back}
            cancelLabel={t('mailSettings.cancel')}
            saveLabel={t('mailSettings.form.save')}
            saving={save.isPending}
            disabled={!form.isDirty()}
          />
        </Group>
      }
    >
      <TextInput
        label={t('mailSettings.form.title')}
        required
        maxLength={MAIL_SETTINGS_LIMITS.titleMax}
        {...form.getInputProps('title')}
      />
      <TextInput
        label={t('mailSettings.form.msGraphTenantId')}
        description={t('mailSettings.form.msGraphTenantIdHint')}
        required
        autoComplete="off"
        maxLength={MAIL_SETTINGS_LIMITS.idMax}
        {...form.getInputProps('msGraphTenantId')}
      />
      <TextInput
        label={t('mailSettings.form.msGraphClientId')}
        required
        autoComplete="off"
        maxLength={MAIL_SETTINGS_LIMITS.idMax}
        {...form.getInputProps('msGraphClientId')}
      />
      <PasswordInput
        label={t('mailSettings.form.msGraphClientSecret')}
        description={
          !settings
            ? t('mailSettings.form.msGraphClientSecretNew')
            : settings.hasClientSecret
              ? t('mailSettings.form.msGraphClientSecretKept')
              : t('mailSettings.form.msGraphClientSecretMissing')
        }
        required={secretRequired}
        autoComplete="new-password"
        maxLength={MAIL_SETTINGS_LIMITS.secretMax}
        {...form.getInputProps('msGraphClientSecret')}
      />
      <TextInput
        label={t('mailSettings.form.msGraphSenderId')}
        description={t('mailSettings.form.msGraphSenderIdHint')}
        autoComplete="off"
        maxLength={MAIL_SETTINGS_LIMITS.idMax}
        {...form.getInputProps('msGraphSenderId')}
      />
      <TextInput
        label={t('mailSettings.form.msGraphFromMail')}
        type="email"
        required
        autoComplete="off"
        {...form.getInputProps('msGraphFromMail')}
      />
      <Checkbox
        label={t('mailSettings.form.useForSystemMails')}
        description={t('mailSettings.form.useForSystemMailsHint', { name: tenantName })}
        {...form.getInputProps('useForSystemMails', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('mailSettings.form.customBusinessCard')}
        description={t('mailSettings.form.customBusinessCardHint')}
        {...form.getInputProps('customBusinessCard', { type: 'checkbox' })}
      />
      {form.values.customBusinessCard && (
        <RichTextField
          formats={['heading', 'marks', 'history', 'lists']}
          label={t('mailSettings.form.customBusinessCardContent')}
          value={form.values.customBusinessCardContent || null}
          onChange={(html) => form.setFieldValue('customBusinessCardContent', html)}
          error={form.errors.customBusinessCardContent as string | undefined}
        />
      )}
    </CardForm>
  );
}

/** /tenants/emails/new/{tenantId} and /tenants/emails/{tenantId}/{id}: create or edit mail-sending settings. */
export default function MailSettingsFormPage() {
  const { t } = useTranslation();
  const { tenantId = '', id } = useParams();
  const editing = !!id;
  const title = editing ? t('mailSettings.form.titleEdit') : t('mailSettings.form.titleNew');
  usePageTitle(title);
  const name = useTenantName(tenantId);
  const settings = useMailSettings(tenantId, id ?? null);
  useNotFoundWhen(recordMissing(tenantId, name.error) || (editing && recordMissing(id, settings.error)));
  return (
    <MailPageFrame
      title={title}
      subtitle={t('mailSettings.form.subtitle', { name: name.data ?? '' })}
      queries={editing ? [name, settings] : [name]}
    >
      {(!editing || settings.data) && (
        <MailSettingsForm
          key={settings.data?.id ?? 'new'}
          tenantId={tenantId}
          tenantName={name.data ?? ''}
          settings={settings.data}
        />
      )}
    </MailPageFrame>
  );
}
