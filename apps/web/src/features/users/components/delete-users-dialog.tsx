import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useDeleteUsers } from '@/features/users/api/delete-users';
import { problemText } from '@/features/users/api/problem-messages';
import type { UserRow } from '@/features/users/api/types';
import { Trans, useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

/** Delete flow (spec part 1 §4): confirm deletes and refreshes, cancel closes. One user or several. */
export function DeleteUsersDialog({
  users,
  onClose,
  onDone,
}: {
  users: UserRow[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const one = useDeleteUser();
  const many = useDeleteUsers();
  const mutation = users?.length === 1 ? one : many;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question starts without the last error
  useEffect(() => {
    one.reset();
    many.reset();
  }, [users]);

  const confirm = () => {
    if (!users?.length) return;
    const done = () => {
      notifications.show({
        color: 'green',
        message: users.length === 1 ? t('users.userDeleted') : t('users.usersDeleted', { count: users.length }),
      });
      onDone();
    };
    if (users.length === 1) one.mutate(users[0]!.id, { onSuccess: done });
    else
      many.mutate(
        users.map((u) => u.id),
        { onSuccess: done },
      );
  };

  const first = users?.[0];
  return (
    <FormDialog
      opened={!!users?.length}
      onClose={onClose}
      title={t('users.delete.title', { count: users?.length ?? 0 })}
      onSubmit={confirm}
      submitLabel={t('users.delete.confirm')}
      cancelLabel={t('users.cancel')}
      danger
      pending={mutation.isPending}
      error={mutation.isError && problemText(t, mutation.error)}
      errorTitle={t('users.delete.failed')}
    >
      <Text>
        {users?.length === 1 && first ? (
          <Trans
            i18nKey="users.delete.questionOne"
            values={{ name: first.fullName || first.email }}
            components={{ b: <strong /> }}
          />
        ) : (
          t('users.delete.questionMany', { count: users?.length ?? 0 })
        )}
      </Text>
      <Text size="sm" c="dimmed">
        {t('users.delete.consequence')}
      </Text>
    </FormDialog>
  );
}
