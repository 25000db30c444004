import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconLink, IconPencil, IconPlus, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/shared/api/session';
import { formatDateTime } from '@/shared/format/date';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './offline-status.module.css';
import { clearQueue, editQueued, removeQueued } from './queue';
import { type SyncStatus, syncNow } from './replay';
import { type QueueEntryView, useOfflineQueue } from './use-offline-queue';

/**
 * 'You are offline' and the count of unsynced changes, while the browser has no network or the page
 * loaded with none (the session is not refreshed yet: the pages show what this device kept).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { entries, online } = useOfflineQueue();
  const session = useSession();
  const kept = session.status === 'authenticated' && session.offline === true;
  if (online && !kept) return null;
  return (
    <div className={classes.banner} role="status" data-testid="offline-banner">
      <IconWifiOff size={16} aria-hidden />
      <span>{t('offline.banner')}</span>
      {kept && <span>{t('offline.keptData')}</span>}
      {entries.length > 0 && <span>{t('offline.unsynced', { count: entries.length })}</span>}
    </div>
  );
}

/** The height of the docked label, which the phone layout adds to its bottom bar. */
export const DOCKED_LABEL_HEIGHT = 44;

/**
 * The bottom label with the count of unsynced changes, opening the details dialog; also reloads the
 * pages' data once the replay has sent changes. It floats at the foot of the page, whose footer it
 * keeps clear of (`--atrium-unsynced-room`), or, `docked` (phones), fills a row of the bottom bar, so
 * that it never lies over a form field.
 */
export function UnsyncedLabel({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation();
  const { entries, status } = useOfflineQueue();
  const [open, setOpen] = useState(false);
  useAfterSync(status);
  const floating = entries.length > 0 && !docked;
  useEffect(() => {
    if (!floating) return;
    // The page layouts end this much higher, so the footer shows above the label, not under it.
    document.documentElement.style.setProperty('--atrium-unsynced-room', `${LABEL_ROOM}px`);
    return () => void document.documentElement.style.removeProperty('--atrium-unsynced-room');
  }, [floating]);

  return (
    <>
      {entries.length > 0 && (
        <Button
          className={docked ? classes.docked : classes.label}
          radius={docked ? 0 : 'xl'}
          fullWidth={docked}
          h={docked ? DOCKED_LABEL_HEIGHT : undefined}
          color="orange"
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          loading={status.syncing}
          loaderProps={{ type: 'dots' }}
          onClick={() => setOpen(true)}
          data-testid="unsynced-label"
        >
          {t('offline.unsynced', { count: entries.length })}
        </Button>
      )}
      {/* Room at the end of the page, so that the floating label never covers its last lines. */}
      {floating && <div className={classes.labelRoom} aria-hidden />}
      <QueueDialog opened={open && entries.length > 0} onClose={() => setOpen(false)} />
    </>
  );
}

/** The room kept below the page for the floating label (its height and margins). */
const LABEL_ROOM = 64;

/**
 * Once changes are sent: a page whose URL holds a placeholder id moves to the record's real id, and
 * every page reloads its data (the records now come from the server).
 */
function useAfterSync(status: SyncStatus) {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sentBefore = useRef(status.sent);
  useEffect(() => {
    let path = pathname;
    for (const [placeholder, real] of Object.entries(status.resolved)) path = path.replaceAll(placeholder, real);
    if (path !== pathname) navigate(path + search, { replace: true });
  }, [status.resolved, pathname, search, navigate]);
  useEffect(() => {
    if (status.sent === sentBefore.current || status.syncing) return;
    sentBefore.current = status.sent;
    void queryClient.invalidateQueries();
  }, [status.sent, status.syncing, queryClient]);
}

function QueueDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { entries, status, online } = useOfflineQueue();
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
