import { can, href, POLICIES } from '@atrium/contracts';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTeamOptions } from '@/features/users/api/get-team-options';
import { useTenantOptions } from '@/features/users/api/get-tenant-options';
import { useUser } from '@/features/users/api/get-user';
import { useUserGroups } from '@/features/users/api/get-user-groups';
import { problemText } from '@/features/users/api/problem-messages';
import { useResetPassword } from '@/features/users/api/reset-password';
import { useRestoreUser } from '@/features/users/api/restore-user';
import { useSaveUser } from '@/features/users/api/save-user';
import { ResetPasswordForm } from '@/features/users/components/reset-password-form';
import { ResetTwoFactorCard } from '@/features/users/components/reset-two-factor-card';
import { emptyUserValues, UserForm, type UserFormValues } from '@/features/users/components/user-form';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';
import { formatDate } from '@/shared/format/date';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRecordId, recordMissing, useNotFoundWhen } from '@/shared/routing/not-found';
import { LoadFailed } from '@/shared/ui/load-failed';
import { PageLoader } from '@/shared/ui/page-loader';

/** /users/new and /users/{id}: the user form, and for an existing user the reset-password form. */
export default function UserFormPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const session = useSession();
  const me = session.status === 'authenticated' ? session.user : null;
  const isSuperadmin = can(me, POLICIES.superadmins);
  const activeTenantId = me?.activeTenantId ?? null;

  const user = useUser(isNew || !isRecordId(id) ? null : id);
  const groups = useUserGroups(activeTenantId);
  const teams = useTeamOptions(activeTenantId);
  const datalist = useTenantOptions(isSuperadmin);
  const generalData = useGeneralData();
  const save = useSaveUser();
  const restore = useRestoreUser();
  const reset = useResetPassword();
  usePageTitle(isNew ? t('users.form.newTitle') : (user.data?.fullName ?? t('users.title')));
  useNotFoundWhen(!isNew && recordMissing(id, user.error));

  // A super administrator may put users in any tenant; a tenant administrator in their own tenants.
  const tenants = isSuperadmin
    ? (datalist.data ?? [])
    : (generalData.data?.tenants ?? []).map((x) => ({ value: x.id, label: x.name }));
  const queries = [
    isNew ? null : user,
    activeTenantId ? groups : null,
    activeTenantId ? teams : null,
    isSuperadmin ? datalist : generalData,
  ];
  const failed = queries.find((q) => q?.isError);
  const loading = queries.some((q) => q?.isPending);

  const initialValues: UserFormValues = user.data
    ? {
        name: user.data.name,
        surname: user.data.surname,
        email: user.data.email,
        password: '',
        language: user.data.language,
        roles: user.data.rolesNames,
        tenantIds: user.data.tenantIds,
        groupIds: user.data.groupIds,
        title: user.data.title,
        phone: user.data.phone,
        teamId: user.data.teamId,
        departmentId: user.data.departmentId,
      }
    : emptyUserValues(activeTenantId);
  const deletedAt = user.data?.deletedAt;

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} size="h2">
          {isNew ? t('users.form.newTitle') : (user.data?.fullName ?? t('users.title'))}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {isNew ? t('users.form.newSubtitle') : (user.data?.email ?? '')}
        </Text>
      </div>

      {failed ? (
        <LoadFailed
          title={t('users.loadFailed')}
          message={problemText(t, failed.error)}
          onRetry={() => void failed.refetch()}
        >
          <Button size="xs" variant="default" component={Link} to={href('users', 'list')}>
            {t('users.backToList')}
          </Button>
        </LoadFailed>
      ) : loading ? (
        <PageLoader />
      ) : (
        <>
          {deletedAt && (
            <Alert variant="light" color="orange" title={t('users.restore.deletedTitle')}>
              <Text size="sm">
                {t('users.restore.deletedText', {
                  date: formatDate(deletedAt),
                })}
              </Text>
              {!isSuperadmin && (
                <Text size="sm" mt={4}>
                  {t('users.restore.onlySuperadmin')}
                </Text>
              )}
              {isSuperadmin && (
                <Button
                  mt="sm"
                  size="xs"
                  leftSection={<IconRestore size={14} />}
                  loading={restore.isPending}
                  onClick={() =>
                    restore.mutate(id, {
                      onSuccess: (u) =>
                        notifications.show({ color: 'green', message: t('users.restore.done', { name: u.fullName }) }),
                      onError: (error) =>
                        notifications.show({
                          color: 'red',
                          title: t('users.restore.failed'),
                          message: problemText(t, error),
                        }),
                    })
                  }
                >
                  {t('users.restore.action')}
                </Button>
              )}
            </Alert>
          )}
          <UserForm
            key={`${user.data?.id ?? 'new'}-${deletedAt ?? ''}`}
            initialValues={initialValues}
            isNew={isNew}
            isSuperadmin={isSuperadmin}
            tenants={tenants}
            groups={groups.data ?? []}
            teams={teams.data ?? { teams: [], departments: [] }}
            activeTenantId={activeTenantId}
            disabled={!!deletedAt}
            shared={!!user.data?.sharedWithOtherTenants}
            submit={async (body) => {
              const saved = await save.mutateAsync({ id: isNew ? null : id, body });
              notifications.show({ color: 'green', message: t('users.form.saved', { name: saved.fullName }) });
              navigate(href('users', 'list'));
            }}
          />
          {!isNew && !deletedAt && can(me, POLICIES.tenantAdmins) && (
            <ResetPasswordForm
              email={user.data?.email ?? ''}
              shared={!!user.data?.sharedWithOtherTenants}
              submit={async (password) => {
                const ok = await reset.mutateAsync({ id, password });
                if (ok) {
                  notifications.show({ color: 'green', message: t('users.reset.done') });
                  navigate(href('users', 'list'));
                }
                return ok;
              }}
            />
          )}
          {!isNew && !deletedAt && isSuperadmin && (
            <ResetTwoFactorCard userId={id} name={user.data?.fullName || user.data?.email || ''} />
          )}
        </>
      )}
    </Stack>
  );
}
