import { Card, Group, Skeleton, Stack, Table, type TableThProps, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './list.module.css';

/** A list's table (wide layouts): a card around a hover-highlighted table, busy while a page reloads. */
export function TableCard({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding={0} className={classes.tableCard}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-busy={loading}>
        {children}
      </Table>
    </Card>
  );
}

/** A list's cards (narrow layouts), as a list for screen readers: a ListCard a row. */
export function CardList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="ul" className={classes.cardList} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One row as a card: its text, and its actions (icons or a menu) beside it. */
export function ListCard({ testId, actions, children }: { testId?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md" component="li" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div className={classes.cardText}>{children}</div>
        {actions}
      </Group>
    </Card>
  );
}

/** The cards while the first page loads. */
export function SkeletonCards({ count, height }: { count: number; height: number }) {
  return (
    <Stack gap="sm">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={height} radius="lg" />
      ))}
    </Stack>
  );
}

/** A row's name, bold, linking to the row's page (underlined on hover only). */
export function NameLink({
  to,
  size,
  truncate,
  title,
  children,
}: {
  to: string;
  size?: 'sm';
  truncate?: boolean;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Text component={Link} to={to} fw={600} size={size} className={classes.nameLink} truncate={truncate} title={title}>
      {children}
    </Text>
  );
}

/** The row actions' column header, named for screen readers only (its width is the list's). */
export function ActionsHeader(props: TableThProps) {
  const { t } = useTranslation();
  return (
    <Table.Th {...props}>
      <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
    </Table.Th>
  );
}
