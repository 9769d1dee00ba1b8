import './lib/zod-jitless';
// The font faces stay in the HTML's own small stylesheet, so text is set in its font from the first
// paint; the rest of the styles arrive with app/styles.ts.
import './app/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { importWithReload } from './app/lazy-route';
import { Providers } from './app/providers';
import { createRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The app's stylesheets (app/styles.ts), asked for before the router asks for the page's code, so
// they come first in the document and the pages' own styles (CSS modules) override Mantine's as
// before. The import resolves once they are applied.
const styled = importWithReload(() => import('./app/styles'));
const router = createRouter();
const start = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );

// The server's first screen (or the loading bar) stays until the page's own code has arrived, so the
// app replaces it with the finished, styled page instead of a blank one.
const whenStyled = () => void styled.then(start);
if (router.state.initialized) whenStyled();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    whenStyled();
  });
}
