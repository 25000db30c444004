import { href } from '@atrium/contracts';
import { Badge, Card, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UserRow } from '@/features/users/api/types';
import { EmailBreaks } from '@/shared/format/email-breaks';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ActionsHeader, CardList, NameLink } from '@/shared/list/list-parts';
import { UserAvatar } from '@/shared/ui/user-avatar';
import { cut, RoleBadges } from './user-display';
import { UserRowMenu } from './user-row-menu';
import classes from './users-list.module.css';

export type UsersListProps = {
  rows: UserRow[] | undefined;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  canDelete: boolean;
  onDelete: (user: UserRow) => void;
  onRestore: (user: UserRow) => void;
};

function NameCell({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const full = [user.name, user.surname].filter(Boolean).join(' ');
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={full || user.email} src={user.imagePath} size={32} />
      <div className={classes.nameText}>
        <NameLink to={href('users', 'form', { id: user.id })} size="sm" title={full.length > 0 ? full : undefined}>
          {cut(user.name) || '—'}
        </NameLink>
        {user.deletedAt && (
          <Badge size="xs" color="red" variant="light" ml={6}>
            {t('users.deleted')}
          </Badge>
        )}
      </div>
    </Group>
  );
}

function allState(rows: UserRow[] | undefined, selected: ReadonlySet<string>) {
  const count = rows?.filter((r) => selected.has(r.id)).length ?? 0;
  return { checked: !!rows?.length && count === rows.length, indeterminate: count > 0 && count < (rows?.length ?? 0) };
}

/** The users as a table (1200px and wider). */
export function UsersTable({ rows, selected, onToggle, onToggleAll, canDelete, onDelete, onRestore }: UsersListProps) {
  const { t } = useTranslation();
  const all = allState(rows, selected);
  return (
    <Card withBorder radius="lg" padding={0} className={classes.tableCard}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.checkCell}>
              <Checkbox
                aria-label={t('users.selectAll')}
                checked={all.checked}
                indeterminate={all.indeterminate}
                onChange={onToggleAll}
                disabled={!rows?.length}
              />
            </Table.Th>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th>{t('users.columns.surname')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <Table.Th>{t('users.columns.roles')}</Table.Th>
            <Table.Th>{t('users.columns.groups')}</Table.Th>
            <ActionsHeader className={classes.menuCell} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows
            ? Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={i}>
                  <Table.Td colSpan={7}>
                    <Skeleton height={20} radius="sm" />
                  </Table.Td>
                </Table.Tr>
              ))
            : rows.map((user) => (
                <Table.Tr
                  key={user.id}
                  data-testid="user-row"
                  className={user.deletedAt ? classes.deletedRow : undefined}
                  bg={selected.has(user.id) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td className={classes.checkCell}>
                    <Checkbox
                      aria-label={t('users.select', { name: user.fullName || user.email })}
                      checked={selected.has(user.id)}
                      onChange={() => onToggle(user.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NameCell user={user} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={user.surname.length > 15 ? user.surname : undefined}>
                      {cut(user.surname)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" className={classes.email}>
                      <EmailBreaks email={user.email} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RoleBadges roles={user.rolesNames} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={user.groupsNames.length ? undefined : 'dimmed'}>
                      {user.groupsNames.join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.menuCell}>
                    <UserRowMenu user={user} canDelete={canDelete} onDelete={onDelete} onRestore={onRestore} />
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The users as stacked cards (below 1200px). */
export function UsersCards({ rows, selected, onToggle, onToggleAll, canDelete, onDelete, onRestore }: UsersListProps) {
  const { t } = useTranslation();
  const all = allState(rows, selected);
  if (!rows) {
    return (
      <Stack gap="sm">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={92} radius="lg" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('users.selectAll')}
        checked={all.checked}
        indeterminate={all.indeterminate}
        onChange={onToggleAll}
        disabled={!rows.length}
        px="xs"
      />
      <CardList>
        {rows.map((user) => (
          <Card
            key={user.id}
            withBorder
            radius="lg"
            padding="md"
            component="li"
            data-testid="user-row"
            className={user.deletedAt ? classes.deletedRow : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Checkbox
                mt={8}
                aria-label={t('users.select', { name: user.fullName || user.email })}
                checked={selected.has(user.id)}
                onChange={() => onToggle(user.id)}
              />
              <div className={classes.cardBody}>
                <Group gap="xs" wrap="nowrap">
                  <NameLink to={href('users', 'form', { id: user.id })} title={user.fullName}>
                    {[cut(user.name), cut(user.surname)].filter(Boolean).join(' ') || '—'}
                  </NameLink>
                  {user.deletedAt && (
                    <Badge size="xs" color="red" variant="light">
                      {t('users.deleted')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" className={classes.email}>
                  <EmailBreaks email={user.email} />
                </Text>
                <Group gap="xs" mt={6}>
                  <RoleBadges roles={user.rolesNames} />
                  {user.groupsNames.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {user.groupsNames.join(', ')}
                    </Text>
                  )}
                </Group>
              </div>
              <UserRowMenu user={user} canDelete={canDelete} onDelete={onDelete} onRestore={onRestore} />
            </Group>
          </Card>
        ))}
      </CardList>
    </Stack>
  );
}
