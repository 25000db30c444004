import { Card, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** A page's form: its fields in one card, and under the card what follows it (`below`: its buttons, a preview). */
export function CardForm({
  onSubmit,
  below,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  below: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Card withBorder padding="lg">
          <Stack gap="md">{children}</Stack>
        </Card>
        {below}
      </Stack>
    </form>
  );
}
