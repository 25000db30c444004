import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Heading } from '@/shared/ui/heading';
import { useListLayout } from './use-list-layout';

/**
 * A list page's frame: its heading and a live count or subtitle, its actions (add ...) in the header on a
 * wide screen and full-width below the list on a narrow one, and the list between.
 */
export function ListFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  actions: (fullWidth: boolean) => ReactNode;
  children: ReactNode;
}) {
  const { headerAdd } = useListLayout();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Heading level={1} title={title} hint={subtitle} live />
        {headerAdd && <Group gap="sm">{actions(false)}</Group>}
      </Group>
      {children}
      {!headerAdd && <Stack gap="sm">{actions(true)}</Stack>}
    </Stack>
  );
}
