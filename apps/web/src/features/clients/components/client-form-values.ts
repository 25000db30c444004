import { type CompanyBodyInput, companyBodySchema, type FillColor } from '@atrium/contracts';
import { formPath } from '@/features/clients/api/problem-messages';
import type { ClientDetails } from '@/features/clients/api/types';

/** What the client form edits: inputs hold strings, the body is made on submit. */
export type ClientFormValues = {
  title: string;
  description: string;
  address: string;
  longitude: number | string;
  latitude: number | string;
  /** YYYY-MM-DD from the date input, or empty. */
  clientSince: string;
  acquiredBy: string;
  aeAdvisor: boolean;
  clientCode: string;
  pricing: string;
  notes: string;
  fillColor: FillColor | null;
  invoice: { billTo: string; email: string };
};

export const CLIENT_FIELDS = [
  'title',
  'description',
  'address',
  'longitude',
  'latitude',
  'clientSince',
  'acquiredBy',
  'aeAdvisor',
  'clientCode',
  'pricing',
  'notes',
  'fillColor',
  'invoice.billTo',
  'invoice.email',
] as const;

export function emptyClientValues(): ClientFormValues {
  return {
    title: '',
    description: '',
    address: '',
    longitude: '',
    latitude: '',
    clientSince: '',
    acquiredBy: '',
    aeAdvisor: false,
    clientCode: '',
    pricing: '',
    notes: '',
    fillColor: null,
    invoice: { billTo: '', email: '' },
  };
}

export function valuesFromClient(c: ClientDetails): ClientFormValues {
  return {
    title: c.title,
    description: c.description ?? '',
    address: c.address ?? '',
    longitude: c.longitude ?? '',
    latitude: c.latitude ?? '',
    clientSince: c.clientSince ?? '',
    acquiredBy: c.acquiredBy ?? '',
    aeAdvisor: c.aeAdvisor,
    clientCode: c.clientCode ?? '',
    pricing: c.pricing ?? '',
    notes: c.notes ?? '',
    fillColor: c.fillColor,
    invoice: { billTo: c.invoice?.billTo ?? '', email: c.invoice?.email ?? '' },
  };
}

/** A coordinate as typed: empty is none, a comma counts as a dot, anything else but a number is NaN (refused). */
export const coordinateOf = (v: number | string) => {
  if (typeof v === 'number') return v;
  const text = (v ?? '').trim();
  return text === '' ? null : /^[-+]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
};

/** The body the form sends: an empty clientSince is left out (spec part 2 §5). */
export function bodyFromValues(v: ClientFormValues): CompanyBodyInput {
  const body: CompanyBodyInput = {
    title: v.title,
    description: v.description,
    address: v.address,
    longitude: coordinateOf(v.longitude),
    latitude: coordinateOf(v.latitude),
    acquiredBy: v.acquiredBy,
    aeAdvisor: v.aeAdvisor,
    clientCode: v.clientCode,
    pricing: v.pricing,
    notes: v.notes,
    fillColor: v.fillColor,
    invoice: v.invoice,
  };
  if (v.clientSince) body.clientSince = v.clientSince;
  return body;
}

/** The contracts' rules, so the form and the server say the same: a body, or message keys by field. */
export function validateClient(values: ClientFormValues): { body?: CompanyBodyInput; errors?: Record<string, string> } {
  const body = bodyFromValues(values);
  const result = companyBodySchema.safeParse(body);
  if (result.success) return { body };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[formPath(issue.path.join('.'))] ??= issue.message;
  return { errors };
}
