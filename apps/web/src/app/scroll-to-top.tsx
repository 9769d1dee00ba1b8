import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const SCROLL_TOP_DELAY_MS = 200;

/** After each page change, the main scroll area scrolls smoothly to the top after 200 ms. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change by design.
  useEffect(() => {
    const t = window.setTimeout(() => {
      const main = document.querySelector<HTMLElement>('[data-scroll-main]');
      if (main && main.scrollHeight > main.clientHeight) main.scrollTo({ top: 0, behavior: 'smooth' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TOP_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [pathname]);
  return null;
}
