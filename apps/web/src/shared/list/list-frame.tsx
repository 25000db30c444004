import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4} aria-live="polite">
            {subtitle}
          </Text>
        </div>
        {headerAdd && <Group gap="sm">{actions(false)}</Group>}
      </Group>
      {children}
      {!headerAdd && <Stack gap="sm">{actions(true)}</Stack>}
    </Stack>
  );
}
