import type { HomeLogoUpload } from '@atrium/contracts';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { useUploadContentLogo } from '@/features/tenant-settings/api/upload-content-logo';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LogoUploadField } from '@/shared/ui/logo-upload-field';

type Props = {
  tenantId: string;
  value: HomeLogoUpload | null;
  onChange: (logo: HomeLogoUpload | null) => void;
  error?: string;
};

/** The landing page's logo (content-checked on the server, copies made). */
export function ContentLogoField({ tenantId, value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <LogoUploadField
      label={t('tenantSettings.html.logo')}
      description={t('tenantSettings.html.logoHint')}
      previewSrc={value?.path ?? null}
      upload={useUploadContentLogo(tenantId)}
      onUploaded={onChange}
      onRemove={() => onChange(null)}
      error={error}
      problemText={(err) => problemText(t, err)}
      text={{
        upload: t('tenantSettings.html.uploadLogo'),
        replace: t('tenantSettings.html.replaceLogo'),
        remove: t('tenantSettings.html.removeLogo'),
        uploading: t('tenantSettings.html.uploading'),
        previewAlt: t('tenantSettings.html.logoPreview'),
        unsupportedImage: t('tenantSettings.errors.unsupportedImage'),
        imageTooLarge: t('tenantSettings.errors.imageTooLarge'),
      }}
    />
  );
}
