import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/shared/ui/page-loader';
import classes from './auth-layout.module.css';

/** Content only: sign-in, password and error pages bring their own frame. */
export function AuthLayout() {
  return (
    <main className={classes.root}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
