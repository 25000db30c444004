import { notificationCountKey } from '@/shared/api/notification-counts';
import { liveEvents } from '@/shared/hub/live-events';
import { notificationInboxKey } from './api/keys';

/** A notification was created or read: the menu's counts and the inbox are asked again. */
export default liveEvents({ ReloadNotifications: [notificationCountKey, notificationInboxKey] });
