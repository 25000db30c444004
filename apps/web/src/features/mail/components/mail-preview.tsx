import { Badge, Code, Group, Modal, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import type { OutboxMail } from '@/features/mail/api/outbox';
import { moveInlineStyles } from '@/shared/csp/inline-styles';
import { styleNonce } from '@/shared/csp/style-nonce';
import { formatDateTime } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './mail-preview.module.css';
import { STATUS_COLOR } from './status-color';

/**
 * The frame's document. A srcdoc frame lives under this page's Content-Security-Policy, so its style
 * sheets (ours and the mail's) carry the page's nonce, and a mail's style attributes (tenants' email
 * templates have them) become rules of our sheet (shared/csp/inline-styles.ts).
 */
function frameDocument(html: string) {
  const nonce = styleNonce();
  const { html: moved, sheet } = moveInlineStyles(html);
  const base =
    'body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f;background:#fff;margin:16px;word-break:break-word}';
  const mail = moved.replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`);
  return `<!doctype html><meta charset="utf-8"><base target="_blank"><style nonce="${nonce}">${base}\n${sheet.replace(/<\//g, '<\\/')}</style>${mail}`;
}

/**
 * One mail as it was sent. The HTML shows in a sandboxed frame with no scripts and no way to reach
 * the app, so a mail's content can never act on the page.
 */
export function MailPreview({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!mail}
      onClose={onClose}
      title={mail?.subject}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': t('mailOutbox.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {mail && (
        <Stack gap="md">
          <Group gap="xl" wrap="wrap">
            <Meta label={t('mailOutbox.to')}>{mail.to}</Meta>
            <Meta label={t('mailOutbox.created')}>{formatDateTime(mail.createdAt)}</Meta>
            <Meta label={t('mailOutbox.statusLabel')}>
              <Badge variant="light" color={STATUS_COLOR[mail.status]}>
                {t(`mailOutbox.status.${mail.status}`)}
              </Badge>
            </Meta>
            {mail.sentAt && <Meta label={t('mailOutbox.sentAt')}>{formatDateTime(mail.sentAt)}</Meta>}
          </Group>
          {mail.lastError && (
            <Meta label={t('mailOutbox.lastError')}>
              <Code block>{mail.lastError}</Code>
            </Meta>
          )}
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">{t('mailOutbox.html')}</Tabs.Tab>
              <Tabs.Tab value="text">{t('mailOutbox.text')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              <iframe
                title={t('mailOutbox.html')}
                className={classes.frame}
                sandbox=""
                referrerPolicy="no-referrer"
                srcDoc={frameDocument(mail.html)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <ScrollArea.Autosize mah={360}>
                <Code block className={classes.text}>
                  {mail.text}
                </Code>
              </ScrollArea.Autosize>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
