import type { UserOption } from '@atrium/contracts';
import { notifications } from '@mantine/notifications';
import { api } from '@/shared/api/client';
import { i18n } from '@/shared/i18n/i18n';

/** What a live event tells the user when the tab does not act on it itself. */
export type HubNotice = { id: string; title: string; message: string };

/** Shows a notice until it is closed: it reports something done elsewhere, easy to miss in 3 s. */
export function showHubNotice({ id, title, message }: HubNotice) {
  notifications.show({ id, title, message, color: 'yellow', autoClose: false, withBorder: true });
}

/** The name of the user viewed as, or null when it cannot be read (the notice then goes without it). */
async function nameOf(userId: string): Promise<string | null> {
  try {
    const [user] = await api<UserOption[]>(`/users/dataselect?${new URLSearchParams({ ids: userId })}`);
    return user ? user.fullName || user.email : null;
  } catch {
    return null;
  }
}

/**
 * ImpersonateStarted reached a device that did not start the impersonation: it stays signed in as the
 * super administrator (decision 017) and tells them what happened on the other one.
 */
export async function impersonationElsewhereNotice(userId: string): Promise<HubNotice> {
  const name = await nameOf(userId);
  return {
    id: `impersonation-elsewhere-${userId}`,
    title: i18n.t('impersonation.elsewhereTitle'),
    message: name ? i18n.t('impersonation.elsewhere', { name }) : i18n.t('impersonation.elsewhereUnnamed'),
  };
}
