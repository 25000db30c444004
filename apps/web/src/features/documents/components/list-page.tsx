import { Button, EmptyState, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconFolderOpen, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { problemText } from '@/features/documents/api/problem-messages';
import { DOCUMENTS_PAGE_SIZE, type ListParams } from '@/features/documents/api/types';
import { BREAKPOINTS } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import { LoadFailed } from '@/shared/ui/load-failed';
import { DocumentsTabs } from './documents-tabs';
import { RecordList, type RecordListRow } from './record-list';

/** The list's page, sort, direction and search, kept in the URL. */
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S, defaultDirection: 'asc' | 'desc') {
  const [searchParams, setSearchParams] = useSearchParams();
  const sortParam = searchParams.get('sort') as S | null;
  const page = Number(searchParams.get('page'));
  const params: ListParams<S> = {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    take: DOCUMENTS_PAGE_SIZE,
    sort: sortParam && sorts.includes(sortParam) ? sortParam : defaultSort,
    direction: (searchParams.get('direction') as 'asc' | 'desc' | null) ?? defaultDirection,
    search: searchParams.get('search') ?? '',
  };
  const update = (changes: Partial<Record<'search' | 'sort' | 'direction' | 'page', string | null>>) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return { params, update };
}

type Props = {
  title: string;
  subtitle: string;
  addHref: string;
  addLabel: string;
  /** With a search box and a sort choice (the types and documents lists). */
  search?: {
    label: string;
    value: string;
    onChange: (search: string) => void;
    sortLabel: string;
    sortValue: string;
    sortOptions: { value: string; label: string }[];
    onSort: (value: string) => void;
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
  const headerAdd = useMediaQuery(`(min-width: ${BREAKPOINTS.headerAdd}px)`, true, { getInitialValueInEffect: false });
  const [searchText, setSearchText] = useState(props.search?.value ?? '');
  const [debounced] = useDebouncedValue(searchText, 300);
  const { search } = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text resets the page
  useEffect(() => {
    if (search && debounced.trim() !== search.value) search.onChange(debounced.trim());
  }, [debounced]);

  const pages = props.total !== undefined ? Math.max(1, Math.ceil(props.total / DOCUMENTS_PAGE_SIZE)) : 1;
  // After a delete the last page may be gone: show the one that is now last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the page count only
  useEffect(() => {
    if (props.total !== undefined && props.page > pages) props.onPage(pages);
  }, [pages, props.total]);

  const addButton = (fullWidth: boolean) => (
    <Button component={Link} to={props.addHref} leftSection={<IconPlus size={16} />} fullWidth={fullWidth}>
      {props.addLabel}
    </Button>
  );

  let content: ReactNode;
  if (props.query.isError) {
    content = (
      <LoadFailed
        title={props.loadFailed}
        message={problemText(t, props.query.error)}
        onRetry={() => void props.query.refetch()}
      />
    );
  } else if (props.rows && props.rows.length === 0) {
    content = (
      <EmptyState
        variant="light"
        icon={<IconFolderOpen size={28} />}
        title={search?.value ? t('documents.noMatches') : props.emptyTitle}
        description={search?.value ? t('documents.noMatchesText', { search: search.value }) : props.emptyText}
        py="xl"
      />
    );
  } else {
    content = <RecordList rows={props.rows} loading={props.query.isFetching} onDelete={props.onDelete} />;
  }

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
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            aria-label={search.label}
            placeholder={search.label}
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            type="search"
            style={{ flex: '1 1 240px' }}
          />
          <Select
            aria-label={search.sortLabel}
            style={{ flex: '0 1 280px' }}
            allowDeselect={false}
            value={search.sortValue}
            onChange={(v) => v && search.onSort(v)}
            data={search.sortOptions}
          />
        </Group>
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
