import { createHash } from 'node:crypto';
import { AUTH } from '@atrium/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService, type Principal, tokenKey, verifiedTokens } from './tokens.js';

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

  it('remembers a verified token under a SHA-256 of it, never the token itself', () => {
    const remembered = verifiedTokens();
    const tokens = createTokenService(SECRET, remembered);
    const token = tokens.sign(principal);
    expect(tokens.verify(token)).toEqual(principal);
    expect([...remembered.keys()]).toEqual([createHash('sha256').update(token).digest('base64url')]);
    expect(JSON.stringify([...remembered.dump()])).not.toContain(token);
  });

  it('remembers at most its size, the least recently used going first, and still verifies the others', () => {
    const remembered = verifiedTokens(2);
    const tokens = createTokenService(SECRET, remembered);
    const [a, b, c] = ['a', 'b', 'c'].map((s) =>
      tokens.sign({ ...principal, sessionId: `${principal.sessionId}${s}` }),
    );
    for (const token of [a!, b!, a!, c!]) tokens.verify(token);
    expect(remembered.size).toBe(2);
    expect([a, b, c].map((t) => remembered.has(tokenKey(t!)))).toEqual([true, false, true]);
    expect(tokens.verify(b!)?.sessionId).toBe(`${principal.sessionId}b`);
  });
});
