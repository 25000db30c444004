import { href } from '@atrium/contracts';
import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CardPage } from '@/shared/ui/card-page';
import { ColorSchemeToggle } from '@/shared/ui/color-scheme-toggle';
import classes from './password-card.module.css';

/** The frame of the forgot- and reset-password pages: the card, its content and the way back to sign in. */
export function PasswordCard({ children, withBackLink = true }: { children: ReactNode; withBackLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <CardPage headerEnd={<ColorSchemeToggle />}>
      {children}
      {withBackLink && (
        <Anchor component={Link} to={href('auth', 'signIn')} size="sm" fw={500} className={classes.back}>
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('backToSignIn')}
        </Anchor>
      )}
    </CardPage>
  );
}
