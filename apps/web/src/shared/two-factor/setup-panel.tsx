import type { TwoFactorSetup } from '@atrium/contracts';
import { Button, Code, CopyButton, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CodeInput, codeComplete } from './code-input';

/**
 * Turning on an authenticator app: the QR code and key (shown once) and the first code that confirms
 * them. `error` is the failed confirmation's text.
 */
export function SetupPanel({
  setup,
  onConfirm,
  pending,
  error,
  idPrefix,
  stacked = false,
}: {
  setup: TwoFactorSetup;
  onConfirm: (code: string) => void;
  pending: boolean;
  error?: string;
  idPrefix: string;
  /** One column whatever the width (a narrow column such as the sign-in page's). */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const incomplete = touched && !codeComplete(code, false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (codeComplete(code, false) && !pending) onConfirm(code);
  };
  // The key in groups of four, easier to type by hand.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  return (
    <SimpleGrid cols={stacked ? 1 : { base: 1, sm: 2 }} spacing="xl">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('twoFactor.scanTitle')}
        </Title>
        <Image
          src={setup.qrDataUrl}
          alt={t('twoFactor.qrAlt')}
          w={200}
          h={200}
          radius="md"
          style={{ background: '#fff', padding: 8, imageRendering: 'pixelated' }}
        />
        <Text size="sm" id={`${idPrefix}-secret-label`}>
          {t('twoFactor.secretLabel')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            aria-labelledby={`${idPrefix}-secret-label`}
            data-testid="two-factor-secret"
            style={{ fontSize: 'var(--mantine-font-size-sm)', wordBreak: 'break-all', minWidth: 0 }}
          >
            {grouped}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="subtle"
                // The key wraps; the button keeps its whole label.
                style={{ flexShrink: 0 }}
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          {t('twoFactor.shownOnce')}
        </Text>
      </Stack>
      <form noValidate onSubmit={submit} aria-busy={pending}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('twoFactor.confirmTitle')}
          </Title>
          <CodeInput
            id={`${idPrefix}-code`}
            value={code}
            onChange={setCode}
            error={error ?? (incomplete ? t('validation.invalidCode') : undefined)}
          />
          <Group>
            <Button type="submit" loading={pending} disabled={pending}>
              {t('twoFactor.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}
