import {
  CLIENT_LIMITS,
  type CompanyBody,
  type CompanyListQuery,
  type CompanyUpdateBody,
  type ContactBody,
  type ContactListQuery,
  type ContactUpdateBody,
  type LocationBody,
  type LocationListQuery,
  type LocationUpdateBody,
} from '@atrium/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { AppError } from '../../http/errors.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import * as repo from './clients.repository.js';

/**
 * Clients (companies) of the active tenant with their contacts and locations, and the tenant's map
 * info. Every call names the tenant: another tenant's client, contact or location does not exist here
 * (404), also when it is named as a parent (clientId, companyId).
 */
export function createClientsService({ db, tenants, map }: { db: Db; tenants: TenantsService; map: Config['map'] }) {
  async function company(tenantId: string, id: string) {
    const found = await repo.findCompany(db, tenantId, id);
    if (!found) throw new AppError('notFound', 'No such client');
    return found;
  }
  /** Refuses a parent client that is not the tenant's. */
  async function requireCompany(tenantId: string, id: string) {
    await company(tenantId, id);
  }
  /** The repository filter (less the page's window) for a client's locations or contacts, once the client is the tenant's. */
  async function childFilter<S extends string>(
    tenantId: string,
    q: Omit<repo.ChildListFilter<S>, 'tenantId' | 'companyId' | 'limit' | 'offset'> & { clientId: string },
  ): Promise<Omit<repo.ChildListFilter<S>, 'limit' | 'offset'>> {
    await requireCompany(tenantId, q.clientId);
    return {
      tenantId,
      companyId: q.clientId,
      search: q.search,
      sort: q.sort,
      direction: q.direction,
    };
  }
  async function location(tenantId: string, id: string) {
    const found = await repo.findLocation(db, tenantId, id);
    if (!found) throw new AppError('notFound', 'No such location');
    return found;
  }
  async function contact(tenantId: string, id: string) {
    const found = await repo.findContact(db, tenantId, id);
    if (!found) throw new AppError('notFound', 'No such contact');
    return found;
  }

  return {
    list: (tenantId: string, q: CompanyListQuery) =>
      paged(q, async (window) => {
        const rows = await repo.listCompanies(db, {
          tenantId,
          search: q.search,
          sort: q.sort,
          direction: q.direction,
          ...window,
        });
        // Past the last page the statement has no row to carry the total.
        const total = rows[0]?.total ?? (window.offset > 0 ? await repo.countCompanies(db, tenantId, q.search) : 0);
        // Each row also carries the total, which the compiled serializer leaves out (it writes only the
        // schema's fields): cheaper than copying 50 rows without it.
        return { rows, total };
      }),
    search: (tenantId: string, text: string) => repo.searchCompanies(db, tenantId, text, CLIENT_LIMITS.searchTake),
    all: (tenantId: string) => repo.allCompanies(db, tenantId),
    get: company,

    async create(tenantId: string, body: CompanyBody) {
      const id = await repo.insertCompany(db, tenantId, body);
      return company(tenantId, id);
    },

    async update(tenantId: string, { id, ...body }: CompanyUpdateBody) {
      const existing = await company(tenantId, id);
      await repo.updateCompany(db, tenantId, id, body, existing.invoice?.id);
      return company(tenantId, id);
    },

    /** The client with its contacts and locations, all or nothing. */
    async remove(tenantId: string, id: string) {
      const removed = await db.transaction((tx) => repo.deleteCompany(tx, tenantId, id));
      if (!removed) throw new AppError('notFound', 'No such client');
      return { id, ...removed };
    },

    /** The tenant's own useKmAsValues (the tenant form shows the same flag) and the configured tiles. */
    async mapInfo(tenantId: string) {
      const useKmAsValues = await tenants.useKmAsValues(tenantId);
      return { useKmAsValues, tileUrl: map.tileUrl, tileAttribution: map.tileAttribution };
    },

    async setMapInfo(tenantId: string, useKmAsValues: boolean) {
      await tenants.setUseKmAsValues(tenantId, useKmAsValues);
      return this.mapInfo(tenantId);
    },

    // Locations

    locations: async (tenantId: string, q: LocationListQuery) => {
      const filter = await childFilter(tenantId, q);
      return paged(q, (window) => repo.listLocations(db, { ...filter, ...window }));
    },
    location,

    async createLocation(tenantId: string, { companyId, ...body }: LocationBody) {
      await requireCompany(tenantId, companyId);
      return repo.insertLocation(db, tenantId, companyId, body);
    },

    async updateLocation(tenantId: string, { id, ...body }: LocationUpdateBody) {
      const row = await repo.updateLocation(db, tenantId, id, body);
      if (!row) throw new AppError('notFound', 'No such location');
      return row;
    },

    async updateLocationRadius(tenantId: string, id: string, radius: number) {
      const row = await repo.updateLocation(db, tenantId, id, { radius });
      if (!row) throw new AppError('notFound', 'No such location');
      return row;
    },

    async removeLocation(tenantId: string, id: string) {
      if (!(await repo.deleteLocation(db, tenantId, id))) throw new AppError('notFound', 'No such location');
    },

    // Contacts

    contacts: async (tenantId: string, q: ContactListQuery) => {
      const filter = await childFilter(tenantId, q);
      return paged(q, (window) => repo.listContacts(db, { ...filter, ...window }));
    },
    contact,

    async createContact(tenantId: string, body: ContactBody) {
      await requireCompany(tenantId, body.companyId);
      return repo.insertContact(db, tenantId, body);
    },

    async updateContact(tenantId: string, { id, ...body }: ContactUpdateBody) {
      await contact(tenantId, id);
      await requireCompany(tenantId, body.companyId);
      const row = await repo.updateContact(db, tenantId, id, body);
      if (!row) throw new AppError('notFound', 'No such contact');
      return row;
    },

    async removeContact(tenantId: string, id: string) {
      if (!(await repo.deleteContact(db, tenantId, id))) throw new AppError('notFound', 'No such contact');
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
