import { AUTH, passwordUserInputs } from '@atrium/contracts';
import { Progress, Stack, Text } from '@mantine/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { useEffect, useState } from 'react';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';

type Estimate = { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] };

let estimator: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn-ts and its lists (a few hundred KB) load only where a new password is typed, never at sign-in. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }]) =>
      new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  );
  return estimator;
}

const COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;

/**
 * zxcvbn-ts's estimate of a new password as it is typed: a meter, its word for the strength and the
 * library's own warning and suggestions, in the user's language. The server applies the same estimate
 * (AUTH.passwordMinScore) when the password is saved.
 */
export function PasswordStrength({ password, email = '' }: { password: string; email?: string }) {
  const { t } = useTranslation();
  const [estimate, setEstimate] = useState<Estimate | null>(null);

  useEffect(() => {
    if (!password) {
      setEstimate(null);
      return;
    }
    let current = true;
    // A short pause, so the estimate follows typing without running on every key.
    const timer = setTimeout(() => {
      loadEstimator()
        .then((zxcvbn) => {
          if (!current) return;
          const result = zxcvbn.check(password, passwordUserInputs(email));
          setEstimate({ score: result.score, ...result.feedback });
        })
        .catch(() => current && setEstimate(null));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email]);

  if (!estimate) return null;
  const enough = estimate.score >= AUTH.passwordMinScore;
  const hints = [
    ...(estimate.warning
      ? [translateKey(t, `passwordStrength.warnings.${estimate.warning}`, { defaultValue: '' })]
      : []),
    ...estimate.suggestions.map((s) => translateKey(t, `passwordStrength.suggestions.${s}`, { defaultValue: '' })),
  ].filter(Boolean);

  return (
    <Stack gap={4} aria-live="polite" data-testid="password-strength">
      <Progress
        value={((estimate.score + 1) / 5) * 100}
        color={COLORS[estimate.score]}
        size="sm"
        aria-label={t('passwordStrength.label')}
      />
      <Text size="sm" c={enough ? 'dimmed' : 'red.7'}>
        {t('passwordStrength.label')}: {t(`passwordStrength.score${estimate.score}`)}
        {enough ? '' : ` · ${t('passwordStrength.notEnough')}`}
      </Text>
      {!enough &&
        hints.map((hint) => (
          <Text key={hint} size="sm" c="dimmed">
            {hint}
          </Text>
        ))}
    </Stack>
  );
}
