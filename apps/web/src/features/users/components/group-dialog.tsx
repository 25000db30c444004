import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignGroups } from '@/features/users/api/assign-groups';
import type { UserGroup } from '@/features/users/api/get-user-groups';
import { problemText } from '@/features/users/api/problem-messages';
import { useUnassignGroups } from '@/features/users/api/unassign-groups';
import { ErrorAlert } from '@/shared/ui/error-alert';

export type GroupAction = 'assign' | 'unassign';

type Props = {
  action: GroupAction | null;
  userIds: string[];
  groups: UserGroup[];
  onClose: () => void;
  onDone: () => void;
};

/** Assign the selected users to groups of the active tenant, or take them out of groups. */
export function GroupDialog({ action, userIds, groups, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 768px)');
  const assign = useAssignGroups();
  const unassign = useUnassignGroups();
  const mutation = action === 'unassign' ? unassign : assign;
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new action starts empty
  useEffect(() => {
    setGroupIds([]);
    setError(null);
    assign.reset();
    unassign.reset();
  }, [action]);

  const submit = () => {
    if (!groupIds.length) {
      setError(t('users.errors.selectAtLeastOneGroup'));
      return;
    }
    mutation.mutate(
      { userIds, groupIds },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t(action === 'unassign' ? 'users.groups.unassigned' : 'users.groups.assigned', {
              count: userIds.length,
            }),
          });
          onDone();
        },
      },
    );
  };

  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action === 'unassign' ? t('users.groups.unassignTitle') : t('users.groups.assignTitle')}
      fullScreen={fullScreen}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('users.selectedCount', { count: userIds.length })}
          </Text>
          <MultiSelect
            label={t('users.groups.label')}
            data-autofocus
            searchable
            data={groups.map((g) => ({ value: g.id, label: g.name }))}
            value={groupIds}
            onChange={(v) => {
              setGroupIds(v);
              setError(null);
            }}
            error={error}
            nothingFoundMessage={t('users.groups.none')}
            comboboxProps={{ withinPortal: true }}
          />
          {mutation.isError && <ErrorAlert>{problemText(t, mutation.error)}</ErrorAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {action === 'unassign' ? t('users.groups.unassign') : t('users.groups.assign')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
