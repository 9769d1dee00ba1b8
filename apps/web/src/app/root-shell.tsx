import { Outlet } from 'react-router';
import { PwaUpdates } from '../lib/pwa';
import { RouteProgress } from './route-progress';
import { ScrollToTop } from './scroll-to-top';

/** Wraps every page: the loading bar, scroll-to-top and the service-worker update prompt. */
export function RootShell() {
  return (
    <>
      <RouteProgress />
      <ScrollToTop />
      <PwaUpdates />
      <Outlet />
    </>
  );
}
