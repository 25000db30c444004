import { href } from '@atrium/contracts';
import { Anchor, Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword, validateNewPassword } from '@/features/passwords/api/passwords';
import { problemLines } from '@/features/passwords/api/problem-messages';
import { PasswordCard } from '@/features/passwords/components/password-card';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { AccountPasswordInput } from '@/shared/ui/account-fields';
import { cardPageTitleClass } from '@/shared/ui/card-page';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PasswordStrength } from '@/shared/ui/password-strength';

/**
 * The reset-password page (spec part 1 §2, §4): reads id and token from the link, asks for one new
 * password. Success says so and links to /signin; a failure returns to the form with the errors above it.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('passwords.resetTitle'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const linkComplete = !!id && !!token;
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: validateNewPassword },
    validateInputOnBlur: true,
  });
  const reset = useResetPassword({ id, token }, { onError: () => form.setFieldValue('password', '') });

  useEffect(() => {
    if (reset.isError) alertRef.current?.focus();
  }, [reset.isError]);

  if (reset.isSuccess) {
    return (
      <PasswordCard withBackLink={false}>
        <Stack gap="md" role="status">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} className={cardPageTitleClass}>
            {t('passwords.resetDoneTitle')}
          </Title>
          <Text c="dimmed">{t('passwords.resetDoneText')}</Text>
          <Button component={Link} to={href('auth', 'signIn')} size="md" fullWidth>
            {t('signIn')}
          </Button>
        </Stack>
      </PasswordCard>
    );
  }

  const errors = reset.isError ? problemLines(t, reset.error) : linkComplete ? [] : [t('passwords.incompleteLink')];
  const passwordError = form.errors.password;

  return (
    <PasswordCard>
      <Stack gap={6}>
        <Title order={1} className={cardPageTitleClass}>
          {t('passwords.resetTitle')}
        </Title>
        <Text c="dimmed">{t('passwords.resetText')}</Text>
      </Stack>
      {errors.length > 0 && (
        <ErrorAlert ref={alertRef} title={t('passwords.resetFailed')}>
          {errors.length === 1 ? (
            errors[0]
          ) : (
            <List size="sm" spacing={4}>
              {errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
          {(!linkComplete || reset.error instanceof ApiError) && (
            <Anchor component={Link} to={href('passwords', 'forgot')} size="sm" fw={500} display="block" mt={6}>
              {t('passwords.requestNewLink')}
            </Anchor>
          )}
        </ErrorAlert>
      )}
      <form
        noValidate
        aria-busy={reset.isPending}
        onSubmit={form.onSubmit(
          (values) => {
            if (!reset.isPending) reset.mutate(values.password);
          },
          () => form.getInputNode('password')?.focus(),
        )}
      >
        <Stack gap="md">
          <AccountPasswordInput
            label={t('passwords.newPassword')}
            description={t('passwords.passwordRule')}
            autoComplete="new-password"
            {...form.getInputProps('password')}
            id="reset-password"
            error={
              typeof passwordError === 'string'
                ? t(`validation.${passwordError}` as 'validation.required', { defaultValue: passwordError })
                : undefined
            }
            // PasswordInput puts no aria on its inner input: say it here (Mantine's ids for these texts).
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={
              passwordError ? 'reset-password-description reset-password-error' : 'reset-password-description'
            }
          />
          <PasswordStrength password={form.values.password} />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={reset.isPending}
            disabled={reset.isPending || !linkComplete}
          >
            {t('passwords.savePassword')}
          </Button>
        </Stack>
      </form>
    </PasswordCard>
  );
}
