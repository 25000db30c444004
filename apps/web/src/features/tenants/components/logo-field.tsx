import type { LogoFieldName } from '@atrium/contracts';
import { problemText } from '@/features/tenants/api/problem-messages';
import { useUploadLogo } from '@/features/tenants/api/upload-logo';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LogoUploadField } from '@/shared/ui/logo-upload-field';

type Props = {
  /** The tenant field the logo is for: the server keeps one unsaved upload per field. */
  field: LogoFieldName;
  label: string;
  description?: string;
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string;
};

/** A tenant form's logo, uploaded through the media endpoint. */
export function LogoField({ field, label, description, value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <LogoUploadField
      label={label}
      description={description}
      hint={t('tenants.form.logoHint')}
      previewSrc={value}
      upload={useUploadLogo(field)}
      onUploaded={onChange}
      onRemove={() => onChange(null)}
      error={error}
      problemText={(err) => problemText(t, err)}
      text={{
        upload: t('tenants.form.uploadLogo'),
        replace: t('tenants.form.replaceLogo'),
        remove: t('tenants.form.remove'),
        removeLabel: t('tenants.form.removeLogo', { label }),
        uploading: t('tenants.form.uploading'),
        previewAlt: t('tenants.form.logoPreview', { label }),
        unsupportedImage: t('tenants.errors.unsupportedImage'),
        imageTooLarge: t('tenants.errors.imageTooLarge'),
      }}
    />
  );
}
