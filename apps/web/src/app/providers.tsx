import { DirectionProvider, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { ApiError } from '../lib/http';
import { importWithReload } from './lazy-route';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(() => importWithReload(() => import('./toasts')));

/** Toasts: bottom-right, 3000 ms, at most 20 at once (spec §9). */
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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <LazyToasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
