import type { LoginResult } from '@atrium/contracts';
import { href } from '@atrium/contracts';
import { Anchor, Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLogin } from '@/features/auth/api/login';
import { problemText } from '@/features/auth/api/problem-messages';
import { type LoginValues, toLoginBody, validateEmail, validatePassword } from '@/features/auth/api/validate-login';
import { useTranslation } from '@/shared/i18n/use-translation';
import { AccountEmailInput, AccountPasswordInput } from '@/shared/ui/account-fields';
import { ErrorAlert } from '@/shared/ui/error-alert';
import classes from './sign-in-form.module.css';

// The floating tooltip is only needed once something went wrong; it is not part of the first load.
const ErrorTooltip = lazy(() => import('./error-tooltip'));

type FormValues = LoginValues;
type Field = 'email' | 'password';
const VALIDATE: Record<Field, (value: string) => string | null> = { email: validateEmail, password: validatePassword };

/**
 * The form's values and errors, checked on blur and on submit. Two fields do not need a form library,
 * and @mantine/form was 6 KB of the sign-in page's JavaScript (issue 13).
 */
function useSignInForm() {
  const [values, setValues] = useState<FormValues>({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const check = (field: Field, value: string) =>
    setErrors((e) => ({ ...e, [field]: VALIDATE[field](value) ?? undefined }));
  const text = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      // A shown error goes as soon as the value is right.
      if (errors[field]) check(field, value);
    },
    onBlur: () => check(field, values[field]),
  });
  /** Every field's error now, or null when the values may be sent. */
  const validate = () => {
    const found = {
      email: VALIDATE.email(values.email) ?? undefined,
      password: VALIDATE.password(values.password) ?? undefined,
    };
    setErrors(found);
    return found.email || found.password ? found : null;
  };
  return { values, setValues, errors, text, validate };
}

/**
 * Email, password with show/hide, remember me and the forgot-password link. While the request runs
 * the button is disabled and spins; a failure shows in an alert and as the title's tooltip.
 */
export function SignInForm({
  initialError,
  initialDetails = [],
  onSuccess,
}: {
  initialError?: string;
  /** Reasons shown under initialError (a failed Microsoft 365 sign-in's list). */
  initialDetails?: string[];
  /** The answer: a session, or the two-factor step that comes first. */
  onSuccess: (result: LoginResult) => void;
}) {
  const { t } = useTranslation();
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useSignInForm();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const signIn = useLogin({ onSuccess });
  const error = signIn.isError ? problemText(t, signIn.error) : initialError;
  const loading = signIn.isPending;

  useEffect(() => {
    if (signIn.isError) alertRef.current?.focus();
  }, [signIn.isError]);

  const fieldError = (path: Field) => {
    const message = form.errors[path];
    return typeof message === 'string'
      ? t(`validation.${message}` as 'validation.required', { defaultValue: message })
      : undefined;
  };

  const title = (
    <Title order={1} className={classes.title} data-error={error ? true : undefined}>
      {t('welcomeAgain')}
    </Title>
  );

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        {error ? (
          <Suspense fallback={title}>
            <ErrorTooltip label={error}>{title}</ErrorTooltip>
          </Suspense>
        ) : (
          title
        )}
        <Text c="dimmed" size="md">
          {t('signInSubtitle')}
        </Text>
      </Stack>

      {error && (
        <ErrorAlert ref={alertRef} title={t('signInFailed')}>
          {error}
          {!signIn.isError && initialDetails.length > 0 && (
            <List size="sm" mt={6} spacing={2}>
              {initialDetails.map((detail) => (
                <List.Item key={detail}>{detail}</List.Item>
              ))}
            </List>
          )}
        </ErrorAlert>
      )}

      <form
        noValidate
        aria-busy={loading}
        onSubmit={(event) => {
          event.preventDefault();
          const errors = form.validate();
          if (errors) {
            (errors.email ? emailRef : passwordRef).current?.focus();
            return;
          }
          if (!loading) signIn.mutate(toLoginBody(form.values));
        }}
      >
        <Stack gap="md">
          <AccountEmailInput ref={emailRef} {...form.text('email')} error={fieldError('email')} />
          <AccountPasswordInput
            label={t('password')}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            ref={passwordRef}
            {...form.text('password')}
            id="signin-password"
            error={fieldError('password')}
            // PasswordInput puts no aria on its inner input: say it here (its error text has this id).
            aria-invalid={fieldError('password') ? true : undefined}
            aria-describedby={fieldError('password') ? 'signin-password-error' : undefined}
          />
          <Group justify="space-between" wrap="nowrap" mt={4}>
            <Checkbox
              label={t('rememberMe')}
              checked={form.values.rememberMe}
              onChange={(event) => {
                const rememberMe = event.currentTarget.checked;
                form.setValues((v) => ({ ...v, rememberMe }));
              }}
            />
            <Anchor component={Link} to={href('passwords', 'forgot')} size="sm" fw={500}>
              {t('forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth mt="xs" loading={loading} disabled={loading}>
            {t('signIn')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
