import type { ListParams } from '@atrium/contracts';
import { Group, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TFunction } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import classes from './list.module.css';
import { useListLayout } from './use-list-layout';
import type { ListControls } from './use-list-params';

type Direction = ListParams['direction'];
export type Sorting<S extends string> = { sort: S; direction: Direction };

/**
 * A column the list sorts by, as the sort choice offers it: text A–Z then Z–A under its name ("Name (A–Z)"),
 * a date newest then oldest first, in the list's own words where the shared ones do not fit.
 */
export type SortField<S extends string> =
  | { column: S; name: string }
  | { column: S; date: true | { newest: string; oldest: string } };

/** The sort choice's options (`column:direction`), two a column. */
function sortChoices<S extends string>(t: TFunction, fields: readonly SortField<S>[]) {
  return fields.flatMap((field): { value: `${S}:${Direction}`; label: string }[] => {
    if ('name' in field) {
      return [
        { value: `${field.column}:asc`, label: t('list.sort.asc', { name: field.name }) },
        { value: `${field.column}:desc`, label: t('list.sort.desc', { name: field.name }) },
      ];
    }
    const words = field.date === true ? { newest: t('list.sort.newest'), oldest: t('list.sort.oldest') } : field.date;
    return [
      { value: `${field.column}:desc`, label: words.newest },
      { value: `${field.column}:asc`, label: words.oldest },
    ];
  });
}

type ToolbarProps<S extends string> = {
  /** The list's state from useListParams. */
  list: ListControls<S>;
  searchLabel: string;
  searchPlaceholder?: string;
  /** The columns the sort choice offers; without them there is no sort choice. */
  sortBy?: readonly SortField<S>[];
  /**
   * Whether the wide layout's column headers sort the list (SortHeader): then the choice is there only in
   * the narrow layout, whose cards have no headers.
   */
  sortHeaders?: boolean;
  /** Beside the search, at the row's end (the clients list's radius unit switch). */
  children?: ReactNode;
};

/** A list's search box and, where its columns cannot sort it, a sort choice. */
export function ListToolbar<S extends string>({
  list,
  searchLabel,
  searchPlaceholder = searchLabel,
  sortBy,
  sortHeaders = true,
  children,
}: ToolbarProps<S>) {
  const { t } = useTranslation();
  const { wide } = useListLayout();
  return (
    <Group gap="md" wrap="wrap" align="center" justify="space-between">
      <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: '1 1 320px' }}>
        <TextInput
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 240px' }}
        />
        {sortBy && !(sortHeaders && wide) && (
          <Select
            aria-label={t('list.sortBy')}
            style={{ flex: '0 1 280px' }}
            allowDeselect={false}
            value={`${list.params.sort}:${list.params.direction}`}
            onChange={(value) => {
              const [sort, direction] = (value ?? '').split(':');
              if (sort && (direction === 'asc' || direction === 'desc')) list.update({ sort, direction, page: null });
            }}
            data={sortChoices(t, sortBy)}
          />
        )}
      </Group>
      {children}
    </Group>
  );
}

/** A column header that sorts the list, announcing its order (aria-sort). */
export function SortHeader<S extends string>({
  label,
  column,
  sorting,
  onSort,
  className,
}: {
  label: string;
  column: S;
  sorting: Sorting<S>;
  onSort: (sort: S) => void;
  className?: string;
}) {
  const active = sorting.sort === column;
  const Icon = !active ? IconArrowsSort : sorting.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      className={className}
      aria-sort={active ? (sorting.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
        <span>{label}</span>
        <Icon size={14} aria-hidden="true" className={active ? undefined : classes.sortIdle} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Where the list is ("11–20 of 42") and the page buttons, once there is more than one page. */
export function ListPager({
  data,
  page,
  pages,
  onPage,
}: {
  data: { total: number; take: number } | undefined;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!data || data.total <= data.take) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {t('list.range', {
          from: (page - 1) * data.take + 1,
          to: Math.min(page * data.take, data.total),
          total: data.total,
        })}
      </Text>
      <LabelledPagination total={pages} value={Math.min(page, pages)} onChange={onPage} />
    </Group>
  );
}
