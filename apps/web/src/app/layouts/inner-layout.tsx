import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/shared/ui/page-loader';
import { ProductFooter } from '@/shared/ui/product-footer';
import classes from './inner-layout.module.css';

/** Pages below /home: the shell's back header on top, the page, then the year and product name. */
export function InnerLayout() {
  return (
    <div className={classes.root}>
      <div className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
      <footer className={classes.footer}>
        <ProductFooter />
      </footer>
    </div>
  );
}
