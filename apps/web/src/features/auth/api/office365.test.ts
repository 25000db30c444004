import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/shared/api/client';
import en from '../locales/en.json';
import { OFFICE_FAILURE_CODES, officeFailureCodes, parseFailureCodes, providerFailureCode } from './office365';

describe('Microsoft 365 failure codes', () => {
  it('has words for every code signin/:error may carry (Danish has the same keys)', () => {
    expect(Object.keys(en.office365.reasons).sort()).toEqual([...OFFICE_FAILURE_CODES].sort());
  });

  it('reads back only known codes from the address', () => {
    expect(parseFailureCodes('invalidState,office365,access_denied,<x>')).toEqual(['invalidState', 'access_denied']);
    expect(parseFailureCodes(undefined)).toEqual([]);
  });

  it('turns any failure into known codes', () => {
    expect(officeFailureCodes(new NetworkError(new Error('down')))).toEqual(['network']);
    expect(officeFailureCodes(new ApiError(403, { detail: 'microsoftTenantNotAllowed' }))).toEqual([
      'microsoftTenantNotAllowed',
    ]);
    expect(officeFailureCodes(new ApiError(403, { detail: 'Forbidden' }))).toEqual(['microsoftLoginFailed']);
    expect(providerFailureCode('consent_required')).toBe('consent_required');
    expect(providerFailureCode('whatever')).toBe('microsoftLoginFailed');
  });
});
