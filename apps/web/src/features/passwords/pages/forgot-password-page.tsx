import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useRequestPasswordReset, validateEmail } from '@/features/passwords/api/passwords';
import { PasswordCard } from '@/features/passwords/components/password-card';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { AccountEmailInput } from '@/shared/ui/account-fields';
import { cardPageTitleClass } from '@/shared/ui/card-page';
import { ErrorAlert } from '@/shared/ui/error-alert';

/**
 * /forgotpassword (spec part 1 §2, §4): idle, processing, success (check your email) or error (an
 * unknown-error message). The answer never tells whether the address has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('passwords.forgotTitle'));
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
    validateInputOnBlur: true,
  });
  const send = useRequestPasswordReset();

  useEffect(() => {
    if (send.isError) alertRef.current?.focus();
  }, [send.isError]);

  if (send.isSuccess) {
    return (
      <PasswordCard>
        <Stack gap="md" role="status">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconMailCheck size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} className={cardPageTitleClass}>
            {t('passwords.checkEmailTitle')}
          </Title>
          <Text c="dimmed">{t('passwords.checkEmailText', { email: send.variables })}</Text>
        </Stack>
      </PasswordCard>
    );
  }

  const error = send.isError
    ? send.error instanceof ApiError && send.error.status === 429
      ? t('passwords.tooManyRequests')
      : t('errorCodes.unknown')
    : undefined;
  const emailError = form.errors.email;

  return (
    <PasswordCard>
      <Stack gap={6}>
        <Title order={1} className={cardPageTitleClass}>
          {t('passwords.forgotTitle')}
        </Title>
        <Text c="dimmed">{t('passwords.forgotText')}</Text>
      </Stack>
      {error && (
        <ErrorAlert ref={alertRef} title={t('passwords.forgotFailed')}>
          {error}
        </ErrorAlert>
      )}
      <form
        noValidate
        aria-busy={send.isPending}
        onSubmit={form.onSubmit(
          (values) => {
            if (!send.isPending) send.mutate(values.email.trim());
          },
          () => form.getInputNode('email')?.focus(),
        )}
      >
        <Stack gap="md">
          <AccountEmailInput
            data-autofocus
            {...form.getInputProps('email')}
            error={
              typeof emailError === 'string'
                ? t(`validation.${emailError}` as 'validation.required', { defaultValue: emailError })
                : undefined
            }
          />
          <Button type="submit" size="md" fullWidth loading={send.isPending} disabled={send.isPending}>
            {t('passwords.sendLink')}
          </Button>
        </Stack>
      </form>
    </PasswordCard>
  );
}
