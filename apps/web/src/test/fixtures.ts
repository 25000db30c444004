import type { AuthResult, AuthUser } from '@atrium/contracts';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token shaped like the server's (the client only reads `exp`). */
export function fakeToken(expiresInSeconds = 900): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u', exp })}.signature`;
}

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'affd95ac-3933-4c04-8d50-2a9d6c59fcda',
    email: 'user@atrium.test',
    userName: 'Uma',
    surname: 'User',
    displayName: 'Uma User',
    imagePath: null,
    language: 'en',
    roles: ['User'],
    isSuperadmin: false,
    activeTenantId: null,
    ...overrides,
  };
}

export const authResult = (overrides: Partial<AuthUser> = {}, token = fakeToken()): AuthResult => ({
  user: authUser(overrides),
  token,
});

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const problem = (status: number, code: string, detail: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: detail, status, code, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

/** The demo data's tenants, as the server lists them to their members. */
export const NORTHWIND = { id: '1281b56c-18d1-484b-9f61-2d324b63bb40', name: 'Northwind Partners' };
export const HARBOUR = { id: '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c', name: 'Harbour Care' };

/** Northwind Partners' features, in the product's order (as the server lists them). */
export const NORTHWIND_FEATURES = [
  'News',
  'Calendar',
  'TimeLogs',
  'Sprints',
  'Messages',
  'Documents',
  'Notifications',
  'ToolBox',
  'PersonalPlan',
  'Chat',
];
