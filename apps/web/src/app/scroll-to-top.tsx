import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const SCROLL_TOP_DELAY_MS = 200;

/**
 * After each page change, the main scroll area scrolls smoothly to the top after 200 ms. The page the
 * visitor arrives on is not a change: the browser has put it at the top already, or back where it was on
 * a reload, and a scroll 200 ms later would take the page from under a finger already scrolling or tapping.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const arrival = useRef<string | null>(pathname);
  useEffect(() => {
    if (pathname === arrival.current) return;
    arrival.current = null;
    const t = window.setTimeout(() => {
      const main = document.querySelector<HTMLElement>('[data-scroll-main]');
      if (main && main.scrollHeight > main.clientHeight) main.scrollTo({ top: 0, behavior: 'smooth' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TOP_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [pathname]);
  return null;
}
