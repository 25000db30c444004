// A third party's first program against the API, written against the client generated from the
// OpenAPI document alone (./api.d.ts: openapi-typescript; openapi-fetch calls the paths it names).
// apps/server/test/openapi-client.test.ts generates the types, typechecks this file and runs it.
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

/** Signs in, picks the first of the user's tenants, lists its users and creates a client in it. */
export async function firstSteps(baseUrl: string, email: string, password: string) {
  const api = createClient<paths>({ baseUrl });

  const login = await api.POST('/auth/login', { body: { email, password, rememberMe: false } });
  if (!login.data) throw new Error(`sign-in refused: ${login.error.code}`);
  if (!('token' in login.data)) throw new Error(`two-factor step first: ${login.data.twoFactor}`);
  const signedIn = { Authorization: `Bearer ${login.data.token}` };

  const info = await api.GET('/me/info', { headers: signedIn });
  const tenant = info.data?.tenants[0];
  if (!tenant) throw new Error('the user belongs to no tenant');
  const chosen = await api.POST('/auth/activetenant', { headers: signedIn, body: { tenantId: tenant.id } });
  if (!chosen.data) throw new Error(`tenant refused: ${chosen.error.detail}`);
  const headers = { Authorization: `Bearer ${chosen.data.token}` };

  const users = await api.GET('/users', { headers, params: { query: { page: 1, take: 20, sort: 'email' } } });
  if (!users.data) throw new Error(`users refused: ${users.error.status}`);
  const emails: string[] = users.data.data.map((user) => user.email);

  const created = await api.POST('/companies/postCompany', {
    headers,
    body: { title: 'Harbour Logistics', address: 'Havnegade 1, Copenhagen', clientSince: '2026-01-05' },
  });
  if (!created.data) throw new Error(`client refused: ${created.error.errors?.map((e) => e.field).join(', ')}`);

  return { tenant: tenant.name, emails, client: { id: created.data.id, title: created.data.title } };
}

/** What the document rules out, the types rule out too (typechecked, never called). */
export function ruledOut(api: ReturnType<typeof createClient<paths>>, companyId: string) {
  // @ts-expect-error: radius is one of the options' metres, never a string
  void api.POST('/companyLocations/postLocation', { body: { companyId, title: 'Dock', radius: 'far' } });
  // @ts-expect-error: sort is one of the list's columns
  void api.GET('/users', { params: { query: { sort: 'password' } } });
  // @ts-expect-error: no such path
  void api.GET('/users/everyone');
}
