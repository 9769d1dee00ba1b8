import { lazy, Suspense } from 'react';
import { importWithReload } from './lazy-route';

/**
 * The error pages (error-screens.tsx) with Mantine, in their own chunk: the router names them on
 * every page, and the public pages run without Mantine (docs/decisions/0014).
 */
const screens = () => importWithReload(() => import('./error-screens'));
const NotFound = lazy(() => screens().then((m) => ({ default: m.NotFoundScreen })));
const RouteError = lazy(() => screens().then((m) => ({ default: m.RouteErrorScreen })));

/** The 404 page; `main` where no layout gives it one (an unknown address outside every area). */
export function NotFoundPage({ main = false }: { main?: boolean }) {
  const page = (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
  return main ? <main>{page}</main> : page;
}

/** Render and loader failures: 'Internal Server Error'; a 404 answer shows the 404 page. */
export function RouteErrorPage() {
  return (
    <Suspense fallback={null}>
      <RouteError />
    </Suspense>
  );
}
