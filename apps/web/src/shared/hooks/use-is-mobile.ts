import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@/shared/config/ui';

export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile}px)`;

/** True at the spec's mobile width: 768px wide or narrower. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
}
