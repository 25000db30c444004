import { UPLOAD_VOLUME_EXCEEDED } from '@atrium/contracts';
import { type TFunction, translateKey } from '@/shared/i18n/i18n';
import { ApiError, NetworkError } from './api-error';

/**
 * A feature's own answer to some problems (a code, a status): the text to show, or undefined to let the
 * next step answer.
 */
export type ProblemRule = (error: ApiError, t: TFunction) => string | undefined;

export type ProblemMessagesOptions = {
  /**
   * Where the feature translates the message keys of field errors (the API's and the contracts'):
   * `<messageKeys>.<key>`. Keys without a translation are shown as they are.
   */
  messageKeys?: string;
  /** Tried in order before the field errors (after the shared upload volume rule). */
  rules?: ProblemRule[];
  /**
   * What a problem with neither a rule nor field errors shows: the server's own sentence (its detail,
   * else its title) at any status, or only the detail of a 4xx answer, leaving everything else to the
   * generic 'unknown' text.
   */
  serverText?: 'always' | 'clientErrors';
};

/** 'tenantIds.3' -> 'tenantIds': list items' errors belong to the list's input. */
export const formPath = (field: string) => field.replace(/\.\d+(?=\.|$)/g, '');

/** A rule that translates the given problem codes under `keyPrefix`, with the server's detail to quote. */
export const translateCodes =
  (keyPrefix: string, codes: readonly string[]): ProblemRule =>
  (error, t) =>
    error.code && codes.includes(error.code)
      ? translateKey(t, `${keyPrefix}.${error.code}`, {
          detail: error.detail ?? '',
          defaultValue: error.detail || error.message,
        })
      : undefined;

/**
 * An upload past the user's hourly volume (429, Retry-After), on any upload route of any feature: when
 * they may upload again.
 */
export const uploadVolumeRule: ProblemRule = (error, t) =>
  error.status === 429 && error.errors.some((e) => e.message === UPLOAD_VOLUME_EXCEEDED)
    ? t('errorCodes.uploadVolumeExceeded', { minutes: Math.ceil((error.retryAfter ?? 3600) / 60) })
    : undefined;

/**
 * Turns failed calls into the text users read. Every feature builds its own from its folder (its
 * translations, its codes); this shared half knows no feature.
 */
export function problemMessages({
  messageKeys = 'validation',
  rules = [],
  serverText = 'clientErrors',
}: ProblemMessagesOptions = {}) {
  /** A message key in the user's language (unknown ones as they are). */
  const messageText = (t: TFunction, key: string): string =>
    translateKey(t, `${messageKeys}.${key}`, { defaultValue: key });

  /** The sentences an alert shows for a failed call; several field errors give several lines. */
  const problemLines = (t: TFunction, error: unknown): string[] => {
    if (error instanceof NetworkError) return [t('errorCodes.network')];
    if (!(error instanceof ApiError)) return [t('errorCodes.unknown')];
    for (const rule of [uploadVolumeRule, ...rules]) {
      const text = rule(error, t);
      if (text !== undefined) return [text];
    }
    if (error.errors.length) return [...new Set(error.errors.map((e) => messageText(t, e.message)))];
    // The server's own words when it sent some; never the client's 'Request failed with status N'.
    if (serverText === 'always' && (error.detail || error.title)) return [error.detail || error.title || ''];
    if (error.status < 500 && error.detail) return [error.detail];
    return [t('errorCodes.unknown')];
  };

  return {
    formPath,
    messageText,
    problemLines,

    /** The one sentence an alert or a toast shows for a failed call. */
    problemText: (t: TFunction, error: unknown): string => problemLines(t, error).join(' '),

    /** Field errors of a problem answer, keyed by form path and translated; the first error of a field wins. */
    fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
      const out: Record<string, string> = {};
      if (!(error instanceof ApiError)) return out;
      for (const { field, message } of error.errors) out[formPath(field)] ??= messageText(t, message);
      return out;
    },
  };
}
