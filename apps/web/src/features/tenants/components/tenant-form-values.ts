import {
  HEX_COLOUR,
  isPreferedUrl as isPreferedUrlFor,
  type TenantBody,
  type TenantBodyInput,
  tenantBodySchemaFor,
} from '@atrium/contracts';
import { formPath } from '@/features/tenants/api/problem-messages';
import type { TenantDetails } from '@/features/tenants/api/types';

export const COLOUR_FIELDS = [
  'primaryColor',
  'secondaryColor',
  'backgroundColor',
  'menuBackgroundColor',
  'appThemeColor',
] as const;
export const ASSISTANT_FIELDS = ['chatGPTForTenant', 'chatGPTForCoach', 'speechToText', 'liveAvatar'] as const;

type Colours = Record<(typeof COLOUR_FIELDS)[number], string>;
type Assistants = Record<(typeof ASSISTANT_FIELDS)[number], boolean>;

/** What the tenant form edits: inputs hold strings, the body is made on submit. */
export type TenantFormValues = {
  name: string;
  cvr: string;
  address: string;
  mainMail: string;
  remarks: string;
  phoneNumber: string;
  mapZoom: number | string;
  startingAddress: string;
  startingLat: number | string;
  startingLng: number | string;
  featureIds: string[];
  mobileFeatureIds: string[];
  showCalendarAsList: boolean;
  useKmAsValues: boolean;
  allowUnauthorizedAccess: boolean;
  requireTwoFactor: boolean;
  tenantDocumentId: string | null;
  preferedUrl: string;
  isPartnerTenant: boolean;
  maxUsersCanCreate: string;
  maxTenantsCanCreate: string;
  logoMediaFile: string | null;
  mobileLogoMediaFile: string | null;
  userIds: string[];
  customTenantProperties: Colours & Assistants & { fontFamily: string };
};

export function emptyTenantValues(): TenantFormValues {
  return {
    name: '',
    cvr: '',
    address: '',
    mainMail: '',
    remarks: '',
    phoneNumber: '',
    mapZoom: '',
    startingAddress: '',
    startingLat: '',
    startingLng: '',
    featureIds: [],
    mobileFeatureIds: [],
    showCalendarAsList: false,
    // Spec part 1 §9: useKmAsValues defaults to true, allowUnauthorizedAccess to false.
    useKmAsValues: true,
    allowUnauthorizedAccess: false,
    requireTwoFactor: false,
    tenantDocumentId: null,
    preferedUrl: '',
    isPartnerTenant: false,
    maxUsersCanCreate: '',
    maxTenantsCanCreate: '',
    logoMediaFile: null,
    mobileLogoMediaFile: null,
    userIds: [],
    customTenantProperties: {
      primaryColor: '',
      secondaryColor: '',
      backgroundColor: '',
      menuBackgroundColor: '',
      appThemeColor: '',
      fontFamily: 'default',
      chatGPTForTenant: false,
      chatGPTForCoach: false,
      speechToText: false,
      liveAvatar: false,
    },
  };
}

const text = (v: string | null) => v ?? '';
const num = (v: number | null) => (v === null ? '' : v);

export function valuesFromTenant(t: TenantDetails): TenantFormValues {
  const c = t.customTenantProperties;
  const empty = emptyTenantValues();
  return {
    name: t.name,
    cvr: text(t.cvr),
    address: text(t.address),
    mainMail: text(t.mainMail),
    remarks: text(t.remarks),
    phoneNumber: text(t.phoneNumber),
    mapZoom: num(t.mapZoom),
    startingAddress: text(t.startingAddress),
    startingLat: num(t.startingLat),
    startingLng: num(t.startingLng),
    featureIds: t.featureIds,
    mobileFeatureIds: t.mobileFeatureIds,
    showCalendarAsList: t.showCalendarAsList,
    useKmAsValues: t.useKmAsValues,
    allowUnauthorizedAccess: t.allowUnauthorizedAccess,
    requireTwoFactor: t.requireTwoFactor,
    tenantDocumentId: t.tenantDocumentId,
    preferedUrl: text(t.preferedUrl),
    isPartnerTenant: t.isPartnerTenant,
    maxUsersCanCreate: t.maxUsersCanCreate === null ? '' : String(t.maxUsersCanCreate),
    maxTenantsCanCreate: t.maxTenantsCanCreate === null ? '' : String(t.maxTenantsCanCreate),
    logoMediaFile: t.logoMediaFile,
    mobileLogoMediaFile: t.mobileLogoMediaFile,
    userIds: t.userIds,
    customTenantProperties: {
      ...empty.customTenantProperties,
      ...Object.fromEntries(COLOUR_FIELDS.map((f) => [f, text(c?.[f] ?? null)])),
      fontFamily: c?.fontFamily ?? 'default',
      ...Object.fromEntries(ASSISTANT_FIELDS.map((f) => [f, c?.[f] ?? false])),
    },
  };
}

const numberOrNull = (v: number | string) => (v === '' || v === null ? null : Number(v));

/** The request body as the form has it, before the contracts' schema trims and normalises it. */
export function toTenantInput(v: TenantFormValues, hasCalendar: boolean): TenantBodyInput {
  return {
    ...v,
    mapZoom: numberOrNull(v.mapZoom),
    startingLat: numberOrNull(v.startingLat),
    startingLng: numberOrNull(v.startingLng),
    // The option only exists while Calendar is chosen.
    showCalendarAsList: hasCalendar && v.showCalendarAsList,
    mobileFeatureIds: v.mobileFeatureIds.filter((id) => v.featureIds.includes(id)),
    maxUsersCanCreate: v.isPartnerTenant ? v.maxUsersCanCreate : null,
    maxTenantsCanCreate: v.isPartnerTenant ? v.maxTenantsCanCreate : null,
  } as TenantBodyInput;
}

export type TenantValidation = { body: TenantBody; errors: null } | { body: null; errors: Record<string, string> };

/**
 * The same rules as the server (the contracts' tenantBodySchema): name required and trimmed, at least
 * one user, http(s) URL, digits from 0 for the limits, hex colours; empty colours and fonts become null.
 * Errors are message keys keyed by form path.
 */
export function validateTenant(v: TenantFormValues, hasCalendar: boolean): TenantValidation {
  const parsed = tenantBodySchemaFor(window.location.host).safeParse(toTenantInput(v, hasCalendar));
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = formPath(issue.path.join('.'));
    errors[path] ??= issue.message;
  }
  return { body: null, errors };
}

/** Quick checks for single inputs, so a field can say what is wrong as soon as it is left. */
export const isHexColour = (v: string) => v === '' || HEX_COLOUR.test(v);
/** The page's own host stands for the host Atrium is served from (the server checks its PUBLIC_URL). */
export const isPreferedUrl = (v: string) => isPreferedUrlFor(v, window.location.host);
