import { TWO_FACTOR } from '@atrium/contracts';
import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * The code from the authenticator app, or (recovery) a recovery code: one labelled field, so screen
 * readers and password managers see one input; the phone's keyboard shows digits and offers the code
 * from a message (one-time-code).
 */
export function CodeInput({
  value,
  onChange,
  error,
  recovery = false,
  id,
  ref,
  autoFocus,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  recovery?: boolean;
  id: string;
  ref?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** Another label than the kind's own (a field that takes either kind). */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={id}
      ref={ref}
      label={label ?? t(recovery ? 'twoFactor.recoveryLabel' : 'twoFactor.codeLabel')}
      description={label ? undefined : t(recovery ? 'twoFactor.recoveryHint' : 'twoFactor.codeHint')}
      value={value}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        onChange(recovery ? typed : typed.replace(/\D/g, '').slice(0, TWO_FACTOR.digits));
      }}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      pattern={recovery ? undefined : '[0-9]*'}
      maxLength={recovery ? 64 : TWO_FACTOR.digits}
      spellCheck={false}
      autoCapitalize="off"
      required
      size="md"
      error={error}
      autoFocus={autoFocus}
      styles={{
        input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: recovery ? undefined : '0.3em' },
      }}
    />
  );
}

/** Whether a typed value can be sent: six digits, or a recovery code's length. */
export const codeComplete = (value: string, recovery: boolean) =>
  recovery ? value.replace(/[^a-z0-9]/gi, '').length >= 12 : new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(value);
