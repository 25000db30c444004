import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { type Ref, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';

/** The sign-in email of the account pages: required, typed and autocompleted as the account's username. */
export function AccountEmailInput({ ref, ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('email')}
      placeholder={t('emailPlaceholder')}
      type="email"
      autoComplete="username"
      inputMode="email"
      required
      size="md"
      ref={ref}
      {...props}
    />
  );
}

/** A required password input whose show/hide button is named for what it does ("Show password"). */
export function AccountPasswordInput({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      required
      size="md"
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? t('hidePassword') : t('showPassword') }}
      ref={ref}
      {...props}
    />
  );
}
