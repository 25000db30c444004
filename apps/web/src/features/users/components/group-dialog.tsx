import { MultiSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useAssignGroups } from '@/features/users/api/assign-groups';
import type { UserGroup } from '@/features/users/api/get-user-groups';
import { problemText } from '@/features/users/api/problem-messages';
import { useUnassignGroups } from '@/features/users/api/unassign-groups';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

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
    <FormDialog
      opened={action !== null}
      onClose={onClose}
      title={action === 'unassign' ? t('users.groups.unassignTitle') : t('users.groups.assignTitle')}
      onSubmit={submit}
      submitLabel={action === 'unassign' ? t('users.groups.unassign') : t('users.groups.assign')}
      cancelLabel={t('users.cancel')}
      pending={mutation.isPending}
      error={mutation.isError && problemText(t, mutation.error)}
    >
      <Text size="sm" c="dimmed">
        {t('users.selectedCount', { count: userIds.length })}
      </Text>
      <MultiSelect
        label={t('users.groups.label')}
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
    </FormDialog>
  );
}
