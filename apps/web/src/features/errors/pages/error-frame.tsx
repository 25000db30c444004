import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '@/shared/ui/color-scheme-toggle';
import { Logo } from '@/shared/ui/logo';
import classes from './error-frame.module.css';

/** Full-page frame of the public error pages: logo on top, the message in the middle. */
export function ErrorFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.root}>
      <Group justify="space-between" className={classes.top}>
        <Link to="/" aria-label="Atrium" style={{ textDecoration: 'none' }}>
          <Logo size={30} />
        </Link>
        <ColorSchemeToggle />
      </Group>
      <div className={classes.center}>{children}</div>
    </div>
  );
}
