import { describe, expect, it } from 'vitest';
import { href } from './links.js';
import { PAGES } from './modules.js';

describe('href', () => {
  it('gives a page without parameters its path', () => {
    expect(href('clients', 'list')).toBe('/admin/clients');
    expect(href('home', 'home')).toBe('/home');
  });

  it('fills every parameter, URI-encoded', () => {
    expect(href('clients', 'contact', { id: 'a b/c' })).toBe('/admin/clients/contacts/a%20b%2Fc');
    expect(href('clients', 'typedLocation', { type: 'new', id: 7 })).toBe('/admin/clients/new/location/7');
    expect(href('auth', 'signInError', { error: 'network,invalidState' })).toBe('/signin/network,invalidState');
    expect(href('tenant-settings', 'emailEdit', { tenantId: 't1', id: 'e1' })).toBe('/tenants/emails/t1/e1');
  });

  it('adds a query, URI-encoded, leaving out undefined values', () => {
    expect(href('auth', 'activeTenant', {}, { returnUrl: '/users/1?tab=2', via: undefined })).toBe(
      '/active-tenant-page?returnUrl=%2Fusers%2F1%3Ftab%3D2',
    );
  });

  it('throws on an empty parameter rather than building a broken path', () => {
    expect(() => href('users', 'form', { id: '' })).toThrow(/:id/);
  });

  it('rejects wrong module, page and parameter names at typecheck', () => {
    // @ts-expect-error: no such module
    expect(() => href('nope', 'list')).toThrow();
    // @ts-expect-error: no such page
    href('clients', 'nope');
    // @ts-expect-error: the contact page needs its id
    expect(() => href('clients', 'contact')).toThrow();
    // @ts-expect-error: the parameter is :id, not :clientId
    expect(() => href('clients', 'contact', { clientId: '1' })).toThrow();
  });

  it('builds every page of the manifest', () => {
    for (const p of PAGES) {
      const params = Object.fromEntries([...p.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 'x']));
      // biome-ignore lint/suspicious/noExplicitAny: walks every page whatever its key
      expect((href as any)(p.module, p.page, params)).toBe(`/${p.path.replace(/:\w+/g, 'x')}`);
    }
  });
});
