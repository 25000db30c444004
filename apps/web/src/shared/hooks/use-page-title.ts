import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/shared/config/ui';

/** Sets the browser tab's title to "<page> · Atrium". */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
