import type { ListParams } from '@atrium/contracts';
import { Group, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import classes from './list.module.css';

type Direction = ListParams['direction'];
export type Sorting<S extends string> = { sort: S; direction: Direction };

type ToolbarProps<S extends string> = {
  searchLabel: string;
  searchPlaceholder: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** The sort choice, for layouts without sortable column headers (cards on a narrow screen). */
  sort?: {
    label: string;
    sorting: Sorting<S>;
    /** Each option's value is `column:direction`. */
    options: { value: `${S}:${Direction}`; label: string }[];
    onChange: (sorting: Sorting<S>) => void;
  };
  /** Beside the search, at the row's end (the clients list's radius unit switch). */
  children?: ReactNode;
};

/** A list's search box and, where its columns cannot sort it, a sort choice. */
export function ListToolbar<S extends string>({
  searchLabel,
  searchPlaceholder,
  searchText,
  onSearchText,
  sort,
  children,
}: ToolbarProps<S>) {
  return (
    <Group gap="md" wrap="wrap" align="center" justify="space-between">
      <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: '1 1 320px' }}>
        <TextInput
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(e) => onSearchText(e.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 240px' }}
        />
        {sort && (
          <Select
            aria-label={sort.label}
            style={{ flex: '0 1 280px' }}
            allowDeselect={false}
            value={`${sort.sorting.sort}:${sort.sorting.direction}`}
            onChange={(value) => {
              const [column, direction] = (value ?? '').split(':');
              if (column && (direction === 'asc' || direction === 'desc'))
                sort.onChange({ sort: column as S, direction });
            }}
            data={sort.options}
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
