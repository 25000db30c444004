import { liveEvents } from '@/shared/hub/live-events';
import { messageKeys } from './api/keys';

/** A direct or a group message arrived: its histories and the conversation list (with its unread counts). */
export default liveEvents({
  ReloadMessages: [messageKeys.user, messageKeys.conversations],
  ReloadGroupMessages: [messageKeys.group, messageKeys.conversations],
});
