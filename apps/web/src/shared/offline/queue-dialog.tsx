import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@/shared/format/date';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './offline-status.module.css';
import { clearQueue, editQueued, removeQueued } from './queue';
import { syncNow } from './replay';
import type { QueueEntryView, useOfflineQueue } from './use-offline-queue';

// The unsynced changes dialog, in a chunk of its own: the shell loads it when the user first opens it.

export default function QueueDialog({
  opened,
  onClose,
  queue,
}: {
  opened: boolean;
  onClose: () => void;
  /** The label's view of the queue: the dialog shows the same entries from its first frame. */
  queue: ReturnType<typeof useOfflineQueue>;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { entries, status, online } = queue;
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  // Nobody signed in (a sign-in page): the entries are shown, but only a signed-in user may send,
  // edit or drop them.
  const signedOut = entries.some((e) => e.signInToSync);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setConfirming(false);
        onClose();
      }}
      title={t('offline.dialogTitle')}
      closeButtonProps={{ 'aria-label': t('offline.close') }}
      size="lg"
      fullScreen={isMobile}
    >
      <Stack gap="sm">
        {status.retryAt && !status.syncing && (
          <Alert color="yellow" variant="light">
            {t('offline.retrying', { time: formatDateTime(new Date(status.retryAt).toISOString()).slice(11) })}
          </Alert>
        )}
        {entries.length === 0 ? (
          <Text c="dimmed">{t('offline.empty')}</Text>
        ) : (
          entries.map((entry) => <QueueEntry key={entry.id} entry={entry} />)
        )}
        {signedOut ? null : confirming ? (
          <Alert color="red" variant="light" title={t('offline.dismissAll')}>
            <Stack gap="sm">
              <Text size="sm">{t('offline.dismissConfirm')}</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t('offline.cancel')}
                </Button>
                <Button
                  color="red"
                  onClick={() => {
                    setConfirming(false);
                    // What the pages showed of the dropped changes is asked for again (once online).
                    void clearQueue().then(() => queryClient.invalidateQueries());
                  }}
                >
                  {t('offline.dismissAll')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" color="red" onClick={() => setConfirming(true)} disabled={!entries.length}>
              {t('offline.dismissAll')}
            </Button>
            <Button
              onClick={() => void syncNow()}
              loading={status.syncing}
              disabled={!online || !entries.length}
              leftSection={<IconCloudUpload size={16} aria-hidden />}
            >
              {t('offline.sync')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** One entry: create or edit icon, when, where, its marks, and why the server refused it. */
function QueueEntry({ entry }: { entry: QueueEntryView }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const kind = entry.kind === 'create' ? t('offline.create') : t('offline.edit');
  // The record it is about ('New client Offline Co') where the page that made it said; else its kind and path.
  const title = entry.label
    ? translateKey(t, `offline.records.${entry.label.key}`, { ...entry.label.values, defaultValue: kind })
    : kind;
  const save = () => {
    try {
      const body: unknown = JSON.parse(editing ?? '');
      setEditing(null);
      void editQueued(entry.id, body).then(() => syncNow());
    } catch {
      setInvalid(true);
    }
  };
  return (
    <div className={classes.entry} data-testid="queue-entry">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {/* The title says whether it is new or a change: the icon only repeats it. */}
        <ThemeIcon variant="light" color={entry.kind === 'create' ? 'green' : 'blue'} aria-hidden>
          {entry.kind === 'create' ? <IconPlus size={16} /> : <IconPencil size={16} />}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text fw={500} size="sm">
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.createdAt)}
            </Text>
          </Group>
          {!entry.label && (
            <Text size="xs" c="dimmed" ff="monospace" className={classes.url}>
              {entry.method} {entry.url}
            </Text>
          )}
          <Group gap={6}>
            {entry.linked && (
              <Tooltip label={t('offline.linkedHint')}>
                <Badge size="sm" variant="light" color="grape" leftSection={<IconLink size={12} aria-hidden />}>
                  {t('offline.linked')}
                </Badge>
              </Tooltip>
            )}
            {entry.signInToSync && (
              <Badge size="sm" variant="light" color="yellow">
                {t('offline.signInToSync')}
              </Badge>
            )}
            {entry.otherUser && (
              <Badge size="sm" variant="light" color="gray">
                {t('offline.otherUser')}
              </Badge>
            )}
          </Group>
          {entry.refusal && (
            <Alert color="red" variant="light" p="xs">
              <Stack gap="xs">
                <Text size="sm">{t('offline.refused', { message: entry.refusal.message })}</Text>
                {entry.signInToSync ? null : editing === null ? (
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(JSON.stringify(entry.body, null, 2))}>
                      {t('offline.editEntry')}
                    </Button>
                    <Button size="xs" variant="default" color="red" onClick={() => void removeQueued(entry.id)}>
                      {t('offline.dropEntry')}
                    </Button>
                  </Group>
                ) : (
                  <>
                    <Textarea
                      label={t('offline.bodyLabel')}
                      rows={8}
                      resize="vertical"
                      ff="monospace"
                      value={editing}
                      error={invalid ? t('offline.invalidJson') : undefined}
                      onChange={(e) => {
                        setInvalid(false);
                        setEditing(e.currentTarget.value);
                      }}
                    />
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                        {t('offline.cancel')}
                      </Button>
                      <Button size="xs" onClick={save}>
                        {t('offline.saveAndSync')}
                      </Button>
                    </Group>
                  </>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </Group>
    </div>
  );
}
