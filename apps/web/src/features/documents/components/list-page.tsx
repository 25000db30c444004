import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFolderOpen, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { problemText } from '@/features/documents/api/problem-messages';
import { DOCUMENTS_PAGE_SIZE } from '@/features/documents/api/types';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ListStates } from '@/shared/list/list-states';
import { ListToolbar, type SortField } from '@/shared/list/list-toolbar';
import { useListLayout } from '@/shared/list/use-list-layout';
import { type ListControls, useLastPageFollow } from '@/shared/list/use-list-params';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import { DocumentsTabs } from './documents-tabs';
import { RecordList, type RecordListRow } from './record-list';

type Props = {
  title: string;
  subtitle: string;
  addHref: string;
  addLabel: string;
  /** With a search box and a sort choice (the types and documents lists). */
  search?: {
    list: ListControls<string>;
    label: string;
    sortBy: SortField<string>[];
  };
  query: { isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  loadFailed: string;
  rows: RecordListRow[] | undefined;
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  emptyTitle: string;
  emptyText: string;
  onDelete: (row: RecordListRow) => void;
  children?: ReactNode;
};

/**
 * One frame for the Folders, Document types and Documents lists: tabs, heading, the add button (in the
 * header from 1050px, below the list under it), search and sort, states, rows and paging.
 */
export function ListPage(props: Props) {
  const { t } = useTranslation();
  const { headerAdd } = useListLayout();
  const { search } = props;
  // After a delete the last page may be gone: show the one that is now last.
  const answer = props.total === undefined ? undefined : { total: props.total, take: DOCUMENTS_PAGE_SIZE };
  const pages = useLastPageFollow(answer, false, props.page, props.onPage);

  const addButton = (fullWidth: boolean) => (
    <Button component={Link} to={props.addHref} leftSection={<IconPlus size={16} />} fullWidth={fullWidth}>
      {props.addLabel}
    </Button>
  );

  const searched = search?.list.params.search;
  const content = (
    <ListStates
      query={props.query}
      rows={props.rows}
      failedTitle={props.loadFailed}
      describe={(error) => problemText(t, error)}
      icon={<IconFolderOpen size={28} />}
      search={searched}
      empty={{ title: props.emptyTitle, text: props.emptyText }}
      noMatches={{ title: t('documents.noMatches'), text: t('documents.noMatchesText', { search: searched }) }}
    >
      <RecordList rows={props.rows} loading={props.query.isFetching} onDelete={props.onDelete} />
    </ListStates>
  );

  return (
    <Stack gap="lg" maw={960}>
      <DocumentsTabs />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h2">
            {props.title}
          </Title>
          <Text c="dimmed" size="sm" mt={4} aria-live="polite">
            {props.subtitle}
          </Text>
        </div>
        {headerAdd && addButton(false)}
      </Group>

      {search && (
        <ListToolbar list={search.list} searchLabel={search.label} sortBy={search.sortBy} sortHeaders={false} />
      )}

      {content}

      {props.total !== undefined && props.total > DOCUMENTS_PAGE_SIZE && (
        <Group justify="flex-end">
          <LabelledPagination total={pages} value={Math.min(props.page, pages)} onChange={props.onPage} />
        </Group>
      )}

      {!headerAdd && addButton(true)}
      {props.children}
    </Stack>
  );
}
