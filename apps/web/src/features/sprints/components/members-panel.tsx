import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { UserAvatar } from '@/shared/ui/user-avatar';
import type { CollaborationDetail } from '../api/keys';
import { useRemoveMember } from '../api/members';
import { problemText } from '../api/problem-messages';
import { AddMembersDialog } from './add-members-dialog';

/** A collaboration's members; its owner and administrators add people and groups and remove members. */
export function MembersPanel({ collaboration }: { collaboration: CollaborationDetail }) {
  const { t } = useTranslation();
  const remove = useRemoveMember(collaboration.id);
  const [adding, setAdding] = useState(false);
  const ownerId = collaboration.owner?.id;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('sprints.members.title')}{' '}
            <Text span c="dimmed" fw={400}>
              ({collaboration.membersCount})
            </Text>
          </Title>
          {collaboration.canManage && (
            <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => setAdding(true)}>
              {t('sprints.members.add')}
            </Button>
          )}
        </Group>
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('sprints.members.title')}
        >
          {collaboration.members.map((m) => (
            <Group component="li" key={m.id} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <UserAvatar name={m.fullName} src={m.imagePath} size={32} />
                <Text size="sm" truncate>
                  {m.fullName}
                </Text>
                {m.id === ownerId && (
                  <Badge size="xs" variant="light">
                    {t('sprints.members.owner')}
                  </Badge>
                )}
              </Group>
              {collaboration.canManage && m.id !== ownerId && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('sprints.members.remove', { name: m.fullName })}
                  onClick={() =>
                    remove.mutate(m.id, {
                      onError: (error) =>
                        notifications.show({
                          color: 'red',
                          title: t('sprints.members.removeFailed'),
                          message: problemText(t, error),
                        }),
                    })
                  }
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
      <AddMembersDialog collaborationId={collaboration.id} opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
