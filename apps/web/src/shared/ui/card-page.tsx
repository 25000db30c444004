import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './card-page.module.css';
import { Logo } from './logo';

/** The class of a card page's heading. */
export const cardPageTitleClass = classes.title;

/**
 * A page that is a single card on the brand backdrop, outside the app's shell: choosing the active
 * tenant, finishing a Microsoft 365 sign-in, forgot and reset password.
 */
export function CardPage({ headerEnd, children }: { headerEnd?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.root}>
      <Paper className={classes.card} radius="lg" p={{ base: 'lg', sm: 40 }} withBorder shadow="sm">
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo size={36} />
            {headerEnd}
          </Group>
          {children}
        </Stack>
      </Paper>
    </div>
  );
}
