import {
  href,
  LANGUAGES,
  PERSON_LIMITS,
  ROLE,
  ROLES,
  type Role,
  TENANT_ROLES,
  type UserBody,
  userBodySchema,
} from '@atrium/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsersGroup } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TeamOptions } from '@/features/users/api/get-team-options';
import type { TenantOption } from '@/features/users/api/get-tenant-options';
import type { UserGroup } from '@/features/users/api/get-user-groups';
import { fieldErrorsOf, formPath, messageText, problemText } from '@/features/users/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { FormSection } from '@/shared/ui/form-section';
import { PasswordStrength } from '@/shared/ui/password-strength';

export type UserFormValues = {
  name: string;
  surname: string;
  email: string;
  password: string;
  language: string;
  roles: Role[];
  tenantIds: string[];
  groupIds: string[];
  /** The person in the active tenant (issue 45). */
  title: string;
  phone: string;
  teamId: string | null;
  departmentId: string | null;
};

export const emptyUserValues = (activeTenantId: string | null): UserFormValues => ({
  name: '',
  surname: '',
  email: '',
  password: '',
  language: 'en',
  roles: [ROLE.User],
  tenantIds: activeTenantId ? [activeTenantId] : [],
  groupIds: [],
  title: '',
  phone: '',
  teamId: null,
  departmentId: null,
});

export type UserFormProps = {
  initialValues: UserFormValues;
  isNew: boolean;
  isSuperadmin: boolean;
  tenants: TenantOption[];
  /** Groups of the active tenant (groups exist per tenant). */
  groups: UserGroup[];
  /** Teams and departments of the active tenant. */
  teams: TeamOptions;
  activeTenantId: string | null;
  /** A deleted user is restored before anything else can change. */
  disabled?: boolean;
  /**
   * The account is also in tenants the caller does not administer (the server's
   * sharedWithOtherTenants): its name, email and roles are a super administrator's to change.
   */
  shared?: boolean;
  submit: (body: UserBody) => Promise<unknown>;
};

/**
 * The body the form sends: the contracts' userBodySchema trims and checks it. Group memberships in
 * other tenants than the active one are not shown here and are kept as they are.
 */
export function validateUser(
  values: UserFormValues,
  hiddenGroupIds: string[],
  inTenant = true,
): { body: UserBody; errors: null } | { body: null; errors: Record<string, string> } {
  const parsed = userBodySchema.safeParse({
    ...values,
    // The person belongs to the active tenant's membership: nothing to send for a user outside it.
    ...(!inTenant && { title: undefined, phone: undefined, teamId: undefined, departmentId: undefined }),
    password: values.password === '' ? undefined : values.password,
    groupIds: [...hiddenGroupIds, ...values.groupIds],
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[formPath(issue.path.join('.'))] ??= issue.message;
  return { body: null, errors };
}

/** The user form of /users/new and /users/{id}. */
export function UserForm({
  initialValues,
  isNew,
  isSuperadmin,
  tenants,
  groups,
  teams,
  activeTenantId,
  disabled = false,
  shared = false,
  submit,
}: UserFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const visibleGroupIds = new Set(groups.map((g) => g.id));
  // Memberships of groups in other tenants stay, untouched, when this form saves.
  const hiddenGroupIds = initialValues.groupIds.filter((id) => !visibleGroupIds.has(id));

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: { ...initialValues, groupIds: initialValues.groupIds.filter((id) => visibleGroupIds.has(id)) },
    validateInputOnBlur: true,
    validate: (values) => {
      const result = validateUser(
        values,
        hiddenGroupIds,
        !!activeTenantId && values.tenantIds.includes(activeTenantId),
      );
      if (!result.errors) return {};
      return Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, messageText(t, v)]));
    },
  });
  const values = form.getValues();
  const roleOptions = isSuperadmin ? [...ROLES] : TENANT_ROLES;
  const inActiveTenant = !!activeTenantId && values.tenantIds.includes(activeTenantId);

  const onValid = async () => {
    const current = form.getValues();
    const result = validateUser(
      current,
      hiddenGroupIds,
      !!activeTenantId && current.tenantIds.includes(activeTenantId),
    );
    if (!result.body) return;
    setFailure(null);
    try {
      await submit(result.body);
    } catch (error) {
      form.setErrors(fieldErrorsOf(t, error));
      setFailure(problemText(t, error));
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  const field = (path: keyof UserFormValues) => ({ ...form.getInputProps(path), 'data-path': path });
  // Fields of a shared account stay visible, locked, with the reason under them.
  const locked = shared ? { disabled: true, description: t('users.form.sharedField') } : {};

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(onValid, (errors) => {
        const first = Object.keys(errors)[0];
        if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
      })}
      aria-busy={form.submitting}
    >
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {failure && (
            <ErrorAlert ref={alertRef} title={t('users.form.submitFailed')}>
              {failure}
            </ErrorAlert>
          )}
          {shared && (
            <Alert variant="light" color="blue" icon={<IconUsersGroup size={20} />} title={t('users.form.sharedTitle')}>
              {t('users.form.sharedText')}
            </Alert>
          )}
          <FormSection title={t('users.form.profile')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('users.form.name')}
                required
                withAsterisk
                autoComplete="off"
                {...field('name')}
                {...locked}
              />
              <TextInput label={t('users.form.surname')} autoComplete="off" {...field('surname')} {...locked} />
              <TextInput
                label={t('users.form.email')}
                type="email"
                required
                withAsterisk
                autoComplete="off"
                {...field('email')}
                {...locked}
              />
              <Select
                label={t('users.form.language')}
                data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                allowDeselect={false}
                {...field('language')}
              />
            </SimpleGrid>
            {isNew && (
              <Stack gap="xs">
                <PasswordInput
                  label={t('users.form.password')}
                  description={t('users.form.passwordHint')}
                  autoComplete="new-password"
                  {...field('password')}
                />
                <PasswordStrength password={form.values.password ?? ''} email={form.values.email} />
              </Stack>
            )}
          </FormSection>

          <FormSection title={t('users.form.access')}>
            <Checkbox.Group
              label={t('users.form.roles')}
              required
              withAsterisk
              {...form.getInputProps('roles')}
              data-path="roles"
              description={shared ? t('users.form.sharedField') : undefined}
            >
              <Group gap="lg" mt={6}>
                {roleOptions.map((role) => (
                  <Checkbox key={role} value={role} label={t(`roles.${role}`)} disabled={shared} />
                ))}
              </Group>
            </Checkbox.Group>
            <MultiSelect
              label={t('users.form.tenants')}
              description={isSuperadmin ? undefined : t('users.form.tenantsHint')}
              data={tenants}
              searchable
              clearable
              nothingFoundMessage={t('users.form.nothingFound')}
              {...field('tenantIds')}
            />
            {activeTenantId ? (
              <MultiSelect
                label={t('users.form.groups')}
                description={inActiveTenant ? t('users.form.groupsHint') : t('users.form.groupsNeedTenant')}
                data={groups.map((g) => ({ value: g.id, label: g.name }))}
                searchable
                clearable
                disabled={!inActiveTenant}
                nothingFoundMessage={t('users.groups.none')}
                {...field('groupIds')}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('users.form.groupsNoTenant')}
              </Text>
            )}
          </FormSection>

          {activeTenantId && (
            <FormSection
              title={t('users.form.inTenant')}
              description={inActiveTenant ? t('users.form.inTenantHint') : t('users.form.inTenantNeedsTenant')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('users.form.jobTitle')}
                  autoComplete="off"
                  maxLength={PERSON_LIMITS.titleMax}
                  disabled={!inActiveTenant}
                  {...field('title')}
                />
                <TextInput
                  label={t('users.form.phone')}
                  type="tel"
                  autoComplete="off"
                  maxLength={PERSON_LIMITS.phoneMax}
                  disabled={!inActiveTenant}
                  {...field('phone')}
                />
                <Select
                  label={t('users.form.team')}
                  placeholder={t('users.form.noTeam')}
                  data={teams.teams.map((x) => ({ value: x.id, label: x.name }))}
                  searchable
                  clearable
                  disabled={!inActiveTenant}
                  nothingFoundMessage={t('users.form.noTeams')}
                  {...field('teamId')}
                />
                <Select
                  label={t('users.form.department')}
                  placeholder={t('users.form.noDepartment')}
                  data={teams.departments.map((x) => ({ value: x.id, label: x.name }))}
                  searchable
                  clearable
                  disabled={!inActiveTenant}
                  nothingFoundMessage={t('users.form.noDepartments')}
                  {...field('departmentId')}
                />
              </SimpleGrid>
            </FormSection>
          )}

          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={href('users', 'list')} variant="default">
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {isNew ? t('users.form.create') : t('users.form.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
