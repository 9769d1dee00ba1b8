import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { ApiError } from '../lib/http';
import { importWithReload } from './lazy-route';

const Toasts = lazy(() => importWithReload(() => import('./toasts')));

/** Toasts: bottom-right, 3000 ms, at most 20 at once. */
export const TOAST = { position: 'bottom-right', autoClose: 3000, limit: 20 } as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'offlineFirst' },
  },
});

/** Mounts the toast container once the first toast is asked for (toasts.tsx). */
function LazyToasts() {
  const state = useNotifications();
  const wanted = useRef(false);
  if (state.notifications.length > 0 || state.queue.length > 0) wanted.current = true;
  return wanted.current ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * What every page has: the query client and the toasts. Mantine is not here: the public pages run
 * without it, and what uses it brings it with its own code (app/mantine.tsx, docs/decisions/0014).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <LazyToasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </>
  );
}
