import { liveEvents } from '@/shared/hub/live-events';
import { sprintsKey } from './api/keys';

/** A collaboration's ideas, votes or comments changed: what the tab shows of Sprints reloads. */
export default liveEvents({ ReloadSprints: [sprintsKey] });
