import { passwordSchema } from '@atrium/contracts';
import { Alert, Button, PasswordInput, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { messageText, problemLines } from '@/features/profile/api/problem-messages';
import { useChangePassword } from '@/features/profile/api/profile';
import { ApiError } from '@/shared/api/client';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { Heading } from '@/shared/ui/heading';
import { PasswordStrength } from '@/shared/ui/password-strength';
import { ProfileFormCard } from './profile-form-card';

type Values = { password: string; currentPassword: string };

const newPassword = (value: string) => {
  if (!value) return 'required';
  const result = passwordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
};

type Props = {
  disabled: boolean;
  /** False once the other form of the page was tried later: this form's result alert is stale then. */
  feedbackShown: boolean;
  /** A change is sent. */
  onAttempt: () => void;
};

/** Spec part 1 §5: password and currentPassword are both required. */
export function ChangePasswordForm({ disabled, feedbackShown, onAttempt }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', currentPassword: '' },
    validate: { password: newPassword, currentPassword: (value) => (value ? null : 'required') },
    validateInputOnBlur: true,
  });
  const change = useChangePassword({
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const e of error.errors) {
        if (e.field === 'password' || e.field === 'currentPassword') form.setFieldError(e.field, e.message);
      }
    },
  });
  const errorOf = (path: keyof Values) => {
    const message = form.errors[path];
    return typeof message === 'string' ? messageText(t, message) : undefined;
  };
  const aria = (path: keyof Values) => ({
    id: `profile-${path}`,
    // PasswordInput puts no aria on its inner input: say it here (Mantine's id for the error text).
    'aria-invalid': errorOf(path) ? true : undefined,
    'aria-describedby': errorOf(path) ? `profile-${path}-error` : undefined,
  });

  return (
    <ProfileFormCard
      onSubmit={form.onSubmit((values) => {
        if (change.isPending) return;
        onAttempt();
        change.mutate(values);
      })}
      busy={change.isPending}
      disabled={disabled}
      actions={
        <Button type="submit" loading={change.isPending} disabled={disabled || change.isPending}>
          {t('profile.savePassword')}
        </Button>
      }
    >
      <Heading level={2} title={t('profile.changePassword')} hint={t('profile.changePasswordText')} />
      {feedbackShown && change.isError && (
        <ErrorAlert title={t('profile.passwordFailed')} messages={problemLines(t, change.error)} />
      )}
      {feedbackShown && change.isSuccess && (
        <Alert role="status" color="teal" variant="light" icon={<IconCircleCheck size={20} />}>
          {t('profile.passwordChanged')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordInput
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
          {...aria('currentPassword')}
          error={errorOf('currentPassword')}
        />
        <PasswordInput
          label={t('profile.newPassword')}
          description={t('passwords.passwordRule')}
          // The rule goes under the field, so both password fields stay level.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
          {...aria('password')}
          error={errorOf('password')}
          inputContainer={(input) => (
            <>
              {input}
              <PasswordStrength password={form.values.password} />
            </>
          )}
        />
      </SimpleGrid>
    </ProfileFormCard>
  );
}
