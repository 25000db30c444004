import { chatUnreadKey } from '@/shared/api/chat-unread';
import { liveEvents } from '@/shared/hub/live-events';
import { messageKeys } from './api/keys';

/** A direct or a group message arrived: its histories, the conversation list (with its unread counts) and the Chat item's count. */
export default liveEvents({
  ReloadMessages: [messageKeys.user, messageKeys.conversations, chatUnreadKey],
  ReloadGroupMessages: [messageKeys.group, messageKeys.conversations, chatUnreadKey],
});
