import type { HomeLogoUpload } from '@atrium/contracts';
import { Button, FileButton, Group, Image, Input, Loader } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { problemText } from '@/features/tenant-settings/api/problem-messages';
import { LOGO_ACCEPT, logoProblem, useUploadContentLogo } from '@/features/tenant-settings/api/upload-content-logo';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './content-logo-field.module.css';

type Props = {
  tenantId: string;
  value: HomeLogoUpload | null;
  onChange: (logo: HomeLogoUpload | null) => void;
  error?: string;
};

/** The landing page's logo: upload (png, jpg, svg, ico; content-checked, copies made), preview, remove. */
export function ContentLogoField({ tenantId, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const upload = useUploadContentLogo(tenantId);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const choose = (file: File | null) => {
    if (!file) return;
    const local = logoProblem(file);
    if (local) {
      setProblem(t(`tenantSettings.errors.${local}`));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (logo) => onChange(logo),
      onError: (err) => setProblem(problemText(t, err)),
    });
  };

  const shown = problem ?? error;
  return (
    <Input.Wrapper
      label={t('tenantSettings.html.logo')}
      description={t('tenantSettings.html.logoHint')}
      error={shown}
      id={id}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group gap="md" wrap="nowrap" mt={4} align="center">
        <div className={classes.preview} aria-live="polite">
          {upload.isPending ? (
            <Loader size="sm" aria-label={t('tenantSettings.html.uploading')} />
          ) : value ? (
            <Image src={value.path} alt={t('tenantSettings.html.logoPreview')} fit="contain" h="100%" w="100%" />
          ) : (
            <IconPhoto size={28} stroke={1.5} aria-hidden="true" className={classes.placeholder} />
          )}
        </div>
        <Group gap="xs">
          <FileButton onChange={choose} accept={LOGO_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                id={id}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                aria-describedby={shown ? `${id}-error` : `${id}-description`}
              >
                {value ? t('tenantSettings.html.replaceLogo') : t('tenantSettings.html.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange(null)}
            >
              {t('tenantSettings.html.removeLogo')}
            </Button>
          )}
        </Group>
      </Group>
    </Input.Wrapper>
  );
}
