import { PRODUCT_NAME } from '@atrium/contracts';
import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '@/shared/api/files';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * Offers the codes as a text file (saveFile lets the browser take the file before its URL is revoked:
 * revoked at once, some browsers drop the download).
 */
function download(codes: string[], fileName: string) {
  const text = `${PRODUCT_NAME}\n\n${codes.join('\n')}\n`;
  saveFile({ blob: new Blob([text], { type: 'text/plain' }), fileName });
}

/** The recovery codes, shown once: copy, download, and a tick that they were saved before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert variant="light" color="teal" icon={<IconKey size={20} />} role="status">
        <Title order={3} size="h5" mb={4}>
          {t('twoFactor.recoveryTitle')}
        </Title>
        <Text size="sm">{t('twoFactor.recoveryText')}</Text>
      </Alert>
      <SimpleGrid
        component="ul"
        aria-label={t('twoFactor.recoveryListLabel')}
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        verticalSpacing={4}
        data-testid="recovery-codes"
        style={{ listStyle: 'none', padding: 0, margin: 0, fontFamily: 'var(--mantine-font-family-monospace)' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(codes, t('twoFactor.fileName'))}
        >
          {t('twoFactor.downloadCodes')}
        </Button>
      </Group>
      <Checkbox
        label={t('twoFactor.savedCodes')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={onDone} disabled={!saved}>
          {t('twoFactor.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
