import type { CollaborationStatus, IdeaStatus } from '@atrium/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';

const COLLABORATION_COLORS: Record<CollaborationStatus, string> = {
  upcoming: 'blue',
  running: 'teal',
  finished: 'gray',
  closed: 'dark',
};

const IDEA_COLORS: Record<IdeaStatus, string> = {
  new: 'blue',
  selected: 'violet',
  inProgress: 'orange',
  done: 'teal',
  rejected: 'gray',
};

export function CollaborationStatusBadge({ status }: { status: CollaborationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLLABORATION_COLORS[status]} radius="sm">
      {t(`sprints.status.${status}`)}
    </Badge>
  );
}

export function IdeaStatusBadge({ status }: { status: IdeaStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={IDEA_COLORS[status]} radius="sm">
      {t(`sprints.ideaStatus.${status}`)}
    </Badge>
  );
}
