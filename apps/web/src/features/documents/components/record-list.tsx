import { ActionIcon, Card, Group, Menu, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useListLayout } from '@/shared/list/use-list-layout';
import classes from './record-list.module.css';

export type RecordListRow = {
  id: string;
  /** The full name, for labels and the confirmation. */
  name: string;
  /** The name as the list shows it (cut at 50 with '...'). */
  shownName: string;
  editHref: string;
  /** A line under the name. */
  details?: ReactNode;
  /** Something beside the actions (the sidebar toggle). */
  extra?: ReactNode;
  /** False for what cannot be deleted (a system document type). */
  deletable?: boolean;
};

type Props = {
  rows: RecordListRow[] | undefined;
  loading: boolean;
  onDelete: (row: RecordListRow) => void;
};

/**
 * The rows of the documents, types and folders lists: the name linking to its form, edit and delete
 * icons from 575px (as every list), a row menu with the same two actions below it (spec part 2 §2, §9).
 */
export function RecordList({ rows, loading, onDelete }: Props) {
  const { t } = useTranslation();
  const icons = useListLayout().showActions;
  if (!rows) {
    return (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={64} radius="lg" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="ul" className={classes.list} aria-busy={loading}>
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="lg" padding="md" component="li" className={classes.row}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div className={classes.text}>
              <Text component={Link} to={row.editHref} fw={600} className={classes.nameLink} title={row.name}>
                {row.shownName}
              </Text>
              {row.details && (
                <Text size="sm" c="dimmed" mt={2} component="div">
                  {row.details}
                </Text>
              )}
            </div>
            <Group gap="xs" wrap="nowrap">
              {row.extra}
              {icons ? (
                <>
                  <Tooltip label={t('documents.edit')}>
                    <ActionIcon
                      component={Link}
                      to={row.editHref}
                      variant="subtle"
                      aria-label={t('documents.editNamed', { name: row.name })}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {row.deletable !== false && (
                    <Tooltip label={t('documents.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(row)}
                        aria-label={t('documents.deleteNamed', { name: row.name })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </>
              ) : (
                <Menu position="bottom-end" withinPortal shadow="md">
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('documents.rowMenu', { name: row.name })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={row.editHref} leftSection={<IconEdit size={16} />}>
                      {t('documents.edit')}
                    </Menu.Item>
                    {row.deletable !== false && (
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(row)}>
                        {t('documents.delete')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
