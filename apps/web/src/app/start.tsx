import '../lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { importWithReload } from './lazy-route';
import { Providers } from './providers';
import { createRouter } from './router';

/** Starts the app in #root (main.tsx asks for this module). */
export function start(root: HTMLElement) {
  // The app's stylesheets (app/styles.ts), asked for before the router asks for the page's code, so
  // they come first in the document and the pages' own styles (CSS modules) override Mantine's as
  // before. The import resolves once they are applied.
  const styled = importWithReload(() => import('./styles'));
  const router = createRouter();
  // Rendered as a transition: React yields to the browser every few milliseconds while it builds the
  // page, instead of holding the main thread for the whole first render (a phone stays responsive).
  const render = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      ),
    );

  // The server's first screen (or the loading bar) stays until the page's own code has arrived, so the
  // app replaces it with the finished, styled page instead of a blank one.
  const whenStyled = () => void styled.then(render);
  if (router.state.initialized) whenStyled();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      whenStyled();
    });
  }
}
