import { api } from '@/shared/api/client';

/** POST /me/gdpr: the user confirms the data-protection notice (refused while impersonating). */
export const confirmGdpr = () => api<void>('/me/gdpr', { method: 'POST' });
