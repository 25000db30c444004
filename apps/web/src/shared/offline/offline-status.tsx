import { Button } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/shared/api/session';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './offline-status.module.css';
import type { SyncStatus } from './replay';
import { useOfflineQueue } from './use-offline-queue';

// Not in the shell's first load: fetched once the shell has painted (the dialog is where one sees what
// waits offline, so it must open with no network), mounted when first opened and kept, so that it
// closes with its transition.
const loadQueueDialog = () => import('./queue-dialog');
const QueueDialog = lazy(loadQueueDialog);

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
  const queue = useOfflineQueue();
  const { entries, status } = queue;
  const [open, setOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  useAfterSync(status);
  useEffect(() => void loadQueueDialog().catch(() => undefined), []);
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
          onClick={() => {
            setOpen(true);
            setDialogMounted(true);
          }}
          data-testid="unsynced-label"
        >
          {t('offline.unsynced', { count: entries.length })}
        </Button>
      )}
      {/* Room at the end of the page, so that the floating label never covers its last lines. */}
      {floating && <div className={classes.labelRoom} aria-hidden />}
      {dialogMounted && (
        <Suspense fallback={null}>
          <QueueDialog opened={open && entries.length > 0} onClose={() => setOpen(false)} queue={queue} />
        </Suspense>
      )}
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
