import { Anchor, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../../shared/ui/color-scheme-toggle';
import { Logo } from '../../../shared/ui/logo';
import classes from './password-card.module.css';

/** The frame of the forgot- and reset-password pages: logo, content and the way back to sign in. */
export function PasswordCard({ children, withBackLink = true }: { children: ReactNode; withBackLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <Paper className={classes.card} radius="lg" p={{ base: 'lg', sm: 40 }} withBorder shadow="sm">
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo size={36} />
            <ColorSchemeToggle />
          </Group>
          {children}
          {withBackLink && (
            <Anchor component={Link} to="/signin" size="sm" fw={500} className={classes.back}>
              <IconArrowLeft size={16} aria-hidden="true" />
              {t('backToSignIn')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
