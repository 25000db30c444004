import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The role the app's queries run as once migrations are done (migration 0008): no BYPASSRLS and it
 * owns nothing, so the row-level security policies of tenant-owned tables apply to it.
 */
export const APP_ROLE = 'atrium_app';

/** Which tenant's rows the tenant-owned tables show to the work in progress (decision 016). */
export type TenantScope = {
  /** The tenant whose rows are visible and writable; null: no tenant's. */
  tenantId: string | null;
  /** Why this work may reach every tenant's rows; null: it may not. */
  crossTenant: string | null;
};

type ScopeLog = { info: (fields: object, message: string) => void };
type Store = TenantScope & { log?: ScopeLog };

const NONE: TenantScope = { tenantId: null, crossTenant: null };
const storage = new AsyncLocalStorage<Store>();

/**
 * fn's work, run in store. A Drizzle query is a lazy thenable that starts when awaited, so it is
 * started here, inside the store, rather than by the caller's await outside it.
 */
function runWork<T>(store: Store, fn: () => PromiseLike<T>): Promise<T> {
  return storage.run(store, () => new Promise<T>((resolve, reject) => fn().then(resolve, reject)));
}

/** The scope of the running work: outside any request or helper below, no tenant at all. */
export const currentScope = (): TenantScope => storage.getStore() ?? NONE;

/** The store a request runs in (http/tenant-scope.ts); `log` hears of cross-tenant work. */
export function runInScope<T>(store: Store, fn: () => T): T {
  return storage.run(store, fn);
}

/** Sets the tenant of the scope a request runs in, once its caller is known. */
export function enterTenant(tenantId: string | null) {
  const store = storage.getStore();
  if (store) store.tenantId = tenantId;
}

/**
 * Runs fn scoped to one named tenant, whatever the caller's scope: for server work done on behalf
 * of a tenant other than the request's (a hub connection's groups, a notification for a tenant).
 */
export function withTenant<T>(tenantId: string | null, fn: () => PromiseLike<T>): Promise<T> {
  return runWork({ ...storage.getStore(), tenantId, crossTenant: null }, fn);
}

/**
 * Runs fn with every tenant's rows reachable. The one way past row-level security, for work that is
 * cross-tenant by nature (super administrator views, account administration, the daily mails,
 * seeding, test fixtures); the reason is logged through the request's logger. Wrap whole
 * transactions: a connection takes its scope when it is checked out.
 */
export function crossTenant<T>(reason: string, fn: () => PromiseLike<T>): Promise<T> {
  const store = storage.getStore();
  store?.log?.info({ crossTenant: reason }, 'cross-tenant access');
  return runWork({ ...(store ?? NONE), crossTenant: reason }, fn);
}

/** fn, run crossTenant(reason) on every call. */
export const acrossTenants =
  <A extends unknown[], R>(reason: string, fn: (...args: A) => Promise<R>) =>
  (...args: A) =>
    crossTenant(reason, () => fn(...args));

/** The values a connection's app.tenant_id and app.cross_tenant carry for a scope. */
export const scopeSettings = (scope: TenantScope) => ({
  tenant: scope.tenantId ?? '',
  cross: scope.crossTenant === null ? '' : 'on',
});
