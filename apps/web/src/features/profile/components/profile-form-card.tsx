import { Card, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import classes from './form-actions.module.css';

/**
 * A profile form in its card: every field off (`disabled`) while the page cannot save, busy while it
 * saves, its parts stacked and its buttons (`actions`) at the end.
 */
export function ProfileFormCard({
  onSubmit,
  busy,
  disabled,
  actions,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  disabled: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            {children}
            <div className={classes.actions}>{actions}</div>
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
