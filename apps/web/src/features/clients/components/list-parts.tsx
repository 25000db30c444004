import { ActionIcon, Group } from '@mantine/core';
import { type Icon, IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { problemText } from '@/features/clients/api/problem-messages';
import { useTranslation } from '@/shared/i18n/use-translation';
import sharedClasses from '@/shared/list/list.module.css';
import { ListStates as SharedListStates } from '@/shared/list/list-states';
import classes from './list-parts.module.css';

/** Rows per page of the clients, locations and contacts lists (the spec leaves the size open). */
export const CLIENTS_PAGE_SIZE = 10;

/** The lists' shared classes (table card, name link, card list) and the clients' own. */
export const listClasses = { ...sharedClasses, ...classes };

/** A link of a row's, as an icon named for screen readers. */
type IconLink = { to: string; label: string; icon: Icon };

/** A row's icons: its own links (`links`), then edit and delete, each named for screen readers. */
export function RowActions({
  name,
  links = [],
  editTo,
  onDelete,
}: {
  name: string;
  links?: IconLink[];
  editTo: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const all = [...links, { to: editTo, label: t('clients.actions.edit', { name }), icon: IconEdit }];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {all.map(({ to, label, icon: Glyph }) => (
        <ActionIcon key={to} variant="subtle" component={Link} to={to} aria-label={label}>
          <Glyph size={18} />
        </ActionIcon>
      ))}
      <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('clients.actions.delete', { name })}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** A list's load failure or emptiness (in the clients' words), or else the list itself. */
export function ListStates({
  query,
  rows,
  loadFailed,
  icon,
  search,
  empty,
  emptyText,
  children,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  rows: readonly unknown[] | undefined;
  loadFailed: string;
  icon: ReactNode;
  search: string;
  empty: string;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SharedListStates
      query={query}
      rows={rows}
      failedTitle={loadFailed}
      describe={(error) => problemText(t, error)}
      icon={icon}
      search={search}
      empty={{ title: empty, text: emptyText }}
      noMatches={{ title: t('clients.noMatches'), text: t('clients.noMatchesText', { search }) }}
    >
      {children}
    </SharedListStates>
  );
}
