import { href } from '@atrium/contracts';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconBulb, IconCalendar, IconUsers } from '@tabler/icons-react';
import { formatDate } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { NameLink } from '@/shared/list/list-parts';
import { UserAvatar } from '@/shared/ui/user-avatar';
import type { CollaborationRow } from '../api/keys';
import { CollaborationStatusBadge } from './status-badge';

/** The period a collaboration runs in, as far as it has dates. */
export function usePeriod() {
  const { t } = useTranslation();
  return ({ startsOn, endsOn }: { startsOn: string | null; endsOn: string | null }) =>
    startsOn && endsOn
      ? t('sprints.card.period', { from: formatDate(startsOn), to: formatDate(endsOn) })
      : startsOn
        ? t('sprints.card.from', { date: formatDate(startsOn) })
        : endsOn
          ? t('sprints.card.until', { date: formatDate(endsOn) })
          : t('sprints.card.noDates');
}

/** One collaboration of the list: title, status, period, owner and its counts. */
export function CollaborationCard({ collaboration: c }: { collaboration: CollaborationRow }) {
  const { t } = useTranslation();
  const period = usePeriod();
  return (
    <Card withBorder radius="lg" padding="lg" component="li" data-testid="collaboration-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <NameLink to={href('sprints', 'collaboration', { id: c.id })}>{c.title}</NameLink>
          <CollaborationStatusBadge status={c.status} />
        </Group>
        <Group gap={6} c="dimmed">
          <IconCalendar size={16} aria-hidden="true" />
          <Text size="sm">{period(c)}</Text>
        </Group>
        <Group justify="space-between" mt="auto" gap="sm">
          <Group gap="md">
            <Group gap={4}>
              <IconUsers size={16} aria-hidden="true" />
              <Text size="sm">{t('sprints.card.members', { count: c.membersCount })}</Text>
            </Group>
            <Group gap={4}>
              <IconBulb size={16} aria-hidden="true" />
              <Text size="sm">{t('sprints.card.ideas', { count: c.ideasCount })}</Text>
            </Group>
          </Group>
          {c.owner && (
            <Group gap={6} wrap="nowrap">
              <UserAvatar name={c.owner.fullName} src={c.owner.imagePath} size={24} />
              <Text size="sm" c="dimmed" truncate>
                {t('sprints.card.owner', { name: c.owner.fullName })}
              </Text>
            </Group>
          )}
        </Group>
        {!c.isMember && (
          <Text size="xs" c="dimmed">
            {t('sprints.card.notMember')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
