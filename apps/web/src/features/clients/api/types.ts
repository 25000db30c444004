import type { Company, CompanyListItem, Contact, Location, MapInfo } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type ClientRow = Wire<CompanyListItem>;
export type ClientDetails = Wire<Company>;
export type LocationRow = Wire<Location>;
export type ContactRow = Wire<Contact>;
export type { MapInfo };

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
  mapInfo: () => [...clientKeys.all, 'map-info'] as const,
  locations: (clientId: string) => [...clientKeys.all, 'locations', clientId] as const,
  location: (id: string) => [...clientKeys.all, 'location', id] as const,
  contacts: (clientId: string) => [...clientKeys.all, 'contacts', clientId] as const,
  contact: (id: string) => [...clientKeys.all, 'contact', id] as const,
};
