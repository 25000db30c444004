import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Heading } from './heading';

/** A titled part of a form (a card, named by its title for screen readers), with an optional hint. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Heading level={2} title={title} hint={description} />
      <Stack gap="md" mt="md">
        {children}
      </Stack>
    </Card>
  );
}
