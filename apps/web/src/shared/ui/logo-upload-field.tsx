import { TENANT_LIMITS } from '@atrium/contracts';
import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import classes from './logo-upload-field.module.css';
import { Spinner } from './spinner';

/** File types the logo inputs offer (the server checks the content as well). */
export const LOGO_ACCEPT =
  '.png,.jpg,.jpeg,.svg,.ico,image/png,image/jpeg,image/svg+xml,image/x-icon,image/vnd.microsoft.icon';

export type LogoProblem = 'unsupportedImage' | 'imageTooLarge';

/** The check before uploading: type by extension, size by the server's limit. */
export function logoProblem(file: File): LogoProblem | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const allowed: readonly string[] = [...TENANT_LIMITS.logoTypes, 'jpeg'];
  if (!allowed.includes(ext)) return 'unsupportedImage';
  if (file.size > TENANT_LIMITS.logoMaxBytes) return 'imageTooLarge';
  return null;
}

type Props<T> = {
  label: string;
  description?: string;
  /** A line under the buttons. */
  hint?: string;
  /** What the preview shows: the stored logo's address, or nothing yet. */
  previewSrc: string | null;
  /** The feature's upload: its answer goes to onUploaded. */
  upload: UseMutationResult<T, Error, File>;
  onUploaded: (result: T) => void;
  onRemove: () => void;
  error?: string;
  /** A failed upload's message, in the feature's words. */
  problemText: (error: unknown) => string;
  text: {
    upload: string;
    replace: string;
    remove: string;
    /** The remove button's accessible name, where "Remove" alone would not say which logo. */
    removeLabel?: string;
    uploading: string;
    previewAlt: string;
  } & Record<LogoProblem, string>;
};

/** A logo input: upload (png, jpg, svg, ico; size-limited), preview, remove. */
export function LogoUploadField<T>({
  label,
  description,
  hint,
  previewSrc,
  upload,
  onUploaded,
  onRemove,
  error,
  problemText,
  text,
}: Props<T>) {
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const choose = (file: File | null) => {
    if (!file) return;
    const local = logoProblem(file);
    if (local) {
      setProblem(text[local]);
      return;
    }
    setProblem(null);
    upload.mutate(file, { onSuccess: onUploaded, onError: (err) => setProblem(problemText(err)) });
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
        <div className={classes.preview} aria-live="polite">
          {upload.isPending ? (
            <Spinner size="sm" label={text.uploading} />
          ) : previewSrc ? (
            <Image src={previewSrc} alt={text.previewAlt} fit="contain" h="100%" w="100%" />
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
                aria-describedby={shown ? `${id}-error` : description ? `${id}-description` : undefined}
              >
                {previewSrc ? text.replace : text.upload}
              </Button>
            )}
          </FileButton>
          {previewSrc && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={onRemove}
              aria-label={text.removeLabel}
            >
              {text.remove}
            </Button>
          )}
        </Group>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mt={6}>
          {hint}
        </Text>
      )}
    </Input.Wrapper>
  );
}
