import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@/shared/config/ui';

const at = { getInitialValueInEffect: false };

/**
 * How a list lays out at this width: a table (else cards, with a sort choice instead of column headers),
 * the add button in the header (else below the list), and row action icons (else a menu).
 */
export function useListLayout() {
  return {
    wide: useMediaQuery(`(min-width: ${BREAKPOINTS.table}px)`, true, at),
    headerAdd: useMediaQuery(`(min-width: ${BREAKPOINTS.headerAdd}px)`, true, at),
    showActions: useMediaQuery(`(min-width: ${BREAKPOINTS.rowActions}px)`, true, at),
  };
}
