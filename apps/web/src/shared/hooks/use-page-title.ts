import { PRODUCT_NAME } from '@atrium/contracts';
import { useEffect } from 'react';

/** Sets the browser tab's title to "<page> · Atrium". */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
