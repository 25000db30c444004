import { Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';
import { UserAvatar } from '@/shared/ui/user-avatar';
import { useAddMembers, useMemberChoices } from '../api/members';
import { problemText } from '../api/problem-messages';

/** The whole sets a dialog offers: everyone in them now joins (user groups, teams, departments). */
const SETS = [
  { key: 'groups', body: 'groupIds', none: 'sprints.members.noGroups' },
  { key: 'teams', body: 'teamIds', none: 'sprints.members.noTeams' },
  { key: 'departments', body: 'departmentIds', none: 'sprints.members.noDepartments' },
] as const;
type SetKey = (typeof SETS)[number]['key'];
const NONE_CHOSEN: Record<SetKey, string[]> = { groups: [], teams: [], departments: [] };

/**
 * Chooses people one by one and whole user groups, teams and departments (their current members
 * join), searched by name; the chosen stay chosen while the search changes.
 */
export function AddMembersDialog({
  collaborationId,
  opened,
  onClose,
}: {
  collaborationId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const choices = useMemberChoices(collaborationId, debounced, opened);
  const add = useAddMembers(collaborationId);
  const [people, setPeople] = useState<string[]>([]);
  const [sets, setSets] = useState(NONE_CHOSEN);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dialog opened afresh starts empty
  useEffect(() => {
    if (opened) {
      setSearch('');
      setPeople([]);
      setSets(NONE_CHOSEN);
      add.reset();
    }
  }, [opened]);

  const submit = () =>
    add.mutate(
      { userIds: people, groupIds: sets.groups, teamIds: sets.teams, departmentIds: sets.departments },
      {
        onSuccess: ({ added }) => {
          notifications.show({ message: t('sprints.members.added', { count: added }) });
          onClose();
        },
      },
    );

  const chosen = people.length + sets.groups.length + sets.teams.length + sets.departments.length;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('sprints.members.addTitle')}
      onSubmit={submit}
      submitLabel={chosen ? `${t('sprints.members.addChosen')} (${chosen})` : t('sprints.members.addChosen')}
      cancelLabel={t('sprints.form.cancel')}
      pending={add.isPending}
      submitDisabled={!chosen}
      error={add.error ? problemText(t, add.error) : null}
      errorTitle={t('sprints.members.addFailed')}
    >
      <TextInput
        label={t('sprints.members.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('sprints.members.people')}
        </Title>
        <Checkbox.Group value={people} onChange={setPeople} aria-label={t('sprints.members.people')}>
          <Stack gap={6}>
            {choices.data?.people.map((p) => (
              <Checkbox
                key={p.id}
                value={p.id}
                label={
                  <Group gap="xs" wrap="nowrap">
                    <UserAvatar name={p.fullName} src={p.imagePath} size={22} />
                    <span>{p.fullName}</span>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {choices.data && !choices.data.people.length && (
          <Text size="sm" c="dimmed">
            {t('sprints.members.nobody')}
          </Text>
        )}
      </Stack>
      {SETS.map(({ key, none }) => (
        <Stack gap="xs" key={key}>
          <Title order={3} size="h6">
            {t(`sprints.members.${key}`)}
          </Title>
          <Checkbox.Group
            value={sets[key]}
            onChange={(ids) => setSets((s) => ({ ...s, [key]: ids }))}
            aria-label={t(`sprints.members.${key}`)}
          >
            <Stack gap={6}>
              {choices.data?.[key].map((g) => (
                <Checkbox
                  key={g.id}
                  value={g.id}
                  label={g.name}
                  description={t('sprints.members.groupHint', { count: g.membersCount })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {choices.data && !choices.data[key].length && (
            <Text size="sm" c="dimmed">
              {t(none)}
            </Text>
          )}
        </Stack>
      ))}
    </FormDialog>
  );
}
