import { AUTH } from '@atrium/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService, type Principal } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const principal: Principal = {
  userId: '6f1c2d3e-0000-4000-8000-000000000001',
  sessionId: '6f1c2d3e-0000-4000-8000-000000000002',
  tenantId: null,
  roles: ['User'],
};

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the principal of a token it signed, again and again', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.sign(principal);
    expect(tokens.verify(token)).toEqual(principal);
    expect(tokens.verify(token)).toEqual(principal);
  });

  it('refuses a token once it has expired, also when it was verified (and remembered) before', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
    const tokens = createTokenService(SECRET);
    const token = tokens.sign(principal);
    expect(tokens.verify(token)).toEqual(principal);
    vi.setSystemTime(Date.now() + AUTH.accessTokenSeconds * 1000 + 1000);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, and keeps refusing it', () => {
    const forged = createTokenService('another-secret-that-is-long-enough-for-hs256').sign(principal);
    const tokens = createTokenService(SECRET);
    expect(tokens.verify(forged)).toBeNull();
    expect(tokens.verify(forged)).toBeNull();
  });

  it('does not let a tampered copy of a remembered token pass', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.sign(principal);
    expect(tokens.verify(token)).toEqual(principal);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: principal.userId, sid: 'x', roles: ['Superadmin'] })).toString(
      'base64url',
    );
    expect(tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
  });
});
