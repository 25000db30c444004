import { CHAT } from '@atrium/contracts';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is
 * composing a character does neither). The text is kept when sending fails, so nothing is lost.
 */
export function MessageComposer({
  onSend,
  sending,
  label,
}: {
  /** Resolves when sent (the box empties); rejects to keep the text. */
  onSend: (text: string) => Promise<unknown>;
  sending: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  async function submit() {
    if (blank || sending) return;
    try {
      await onSend(text);
      setText('');
    } catch {
      // The caller shows what went wrong; the text stays for another try.
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  const left = CHAT.maxTextLength - text.length;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          aria-label={label}
          placeholder={t('chat.composer.placeholder')}
          description={t('chat.composer.hint')}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT.maxTextLength}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          type="submit"
          size={36}
          mb={2}
          aria-label={t('chat.composer.send')}
          loading={sending}
          disabled={blank}
        >
          <IconSend size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {left < 200 && (
        <Text size="xs" c="dimmed" mt={4} aria-live="polite">
          {t('chat.composer.left', { count: left })}
        </Text>
      )}
    </form>
  );
}
