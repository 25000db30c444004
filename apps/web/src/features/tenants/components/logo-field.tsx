import type { LogoFieldName } from '@atrium/contracts';
import { Button, FileButton, Group, Image, Input, Loader, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { problemText } from '@/features/tenants/api/problem-messages';
import { LOGO_ACCEPT, logoProblem, useUploadLogo } from '@/features/tenants/api/upload-logo';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './tenant-form.module.css';

type Props = {
  /** The tenant field the logo is for: the server keeps one unsaved upload per field. */
  field: LogoFieldName;
  label: string;
  description?: string;
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string;
};

/** A logo input: upload (png, jpg, svg, ico; size-limited) through the media endpoint, preview, remove. */
export function LogoField({ field, label, description, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const upload = useUploadLogo(field);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const choose = (file: File | null) => {
    if (!file) return;
    const local = logoProblem(file);
    if (local) {
      setProblem(t(`tenants.errors.${local}`));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (path) => onChange(path),
      onError: (err) => setProblem(problemText(t, err)),
    });
  };

  const shown = problem ?? error;
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={shown}
      id={id}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group gap="md" wrap="nowrap" mt={4} align="center">
        <div className={classes.logoPreview} aria-live="polite">
          {upload.isPending ? (
            <Loader size="sm" aria-label={t('tenants.form.uploading')} />
          ) : value ? (
            <Image src={value} alt={t('tenants.form.logoPreview', { label })} fit="contain" h="100%" w="100%" />
          ) : (
            <IconPhoto size={28} stroke={1.5} aria-hidden="true" className={classes.logoPlaceholder} />
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
                aria-describedby={shown ? `${id}-error` : undefined}
              >
                {value ? t('tenants.form.replaceLogo') : t('tenants.form.uploadLogo')}
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
              aria-label={t('tenants.form.removeLogo', { label })}
            >
              {t('tenants.form.remove')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {t('tenants.form.logoHint')}
      </Text>
    </Input.Wrapper>
  );
}
