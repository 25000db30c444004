import { Alert, Stack, Title } from '@mantine/core';
import { IconEyeCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { BasicInfoForm } from '@/features/profile/components/basic-info-form';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { TwoFactorSection } from '@/features/profile/components/two-factor-section';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PageLoader } from '@/shared/ui/page-loader';

/**
 * /profile/edit: the basic info form, the change-password form and two-factor sign-in. While a super administrator views
 * the product as this user, neither can be used (the server refuses both).
 */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const session = useSession();
  const general = useGeneralData();
  // The page answers the user's last attempt: trying one form retires the other form's earlier result
  // alert (two alerts read as two failures of what was just done). Field marks stay with their fields.
  const [lastAttempt, setLastAttempt] = useState<'info' | 'password' | null>(null);
  usePageTitle(t('profile.editTitle'));
  if (session.status !== 'authenticated') return <PageLoader />;
  const { user } = session;
  const impersonating = !!user.impersonatorId;
  const shell = general.data?.activeUserData;
  const person = shell?.tenantSet ? { title: shell.title, phone: shell.phone } : null;

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('profile.editTitle')}
      </Title>
      {impersonating && (
        <Alert variant="light" color="blue" icon={<IconEyeCheck size={20} />}>
          {t('profile.impersonating')}
        </Alert>
      )}
      {/* Keyed by user: another account's details never linger in the form; the title and phone come
          with the shell's data, so the form starts again once that has come. */}
      <BasicInfoForm
        key={`${user.id}:${person ? 'person' : ''}`}
        user={user}
        person={person}
        disabled={impersonating}
        feedbackShown={lastAttempt !== 'password'}
        onAttempt={() => setLastAttempt('info')}
      />
      <ChangePasswordForm
        disabled={impersonating}
        feedbackShown={lastAttempt !== 'info'}
        onAttempt={() => setLastAttempt('password')}
      />
      <TwoFactorSection disabled={impersonating} />
    </Stack>
  );
}
