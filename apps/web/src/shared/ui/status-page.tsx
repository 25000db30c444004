import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './status-page.module.css';

/** The common frame of error and notice pages: an icon, a headline, a sentence and actions. */
export function StatusPage({
  icon,
  code,
  eyebrow,
  title,
  children,
  actions,
  color = 'brand',
}: {
  icon?: ReactNode;
  code?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  color?: string;
}) {
  return (
    <Stack align="center" gap="md" className={classes.root}>
      {code ? (
        <Text className={classes.code} aria-hidden="true">
          {code}
        </Text>
      ) : (
        icon && (
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
        )
      )}
      {eyebrow && (
        <Text tt="uppercase" fw={700} size="xs" c="dimmed" className={classes.eyebrow}>
          {eyebrow}
        </Text>
      )}
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" ta="center" maw={460} size="md">
          {children}
        </Text>
      )}
      {actions && <div className={classes.actions}>{actions}</div>}
    </Stack>
  );
}
