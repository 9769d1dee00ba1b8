// The font faces stay in the HTML's own small stylesheet, so text is set in its font from the first
// paint; the rest of the styles arrive with app/styles.ts.
import './app/fonts.css';
import { importWithReload } from './app/lazy-route';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The app's code is evaluated in one task and started in the next, so a phone does not hold its main
// thread for both at once (docs/decisions/0030).
const boot = () =>
  void importWithReload(() => import('./app/start')).then(({ start }) => setTimeout(() => start(root), 0));

// A public page, and the student's home for a signed-in student, come with their first screen drawn by
// the server: that screen is painted before the app's code is asked for, so on a slow network the page's
// text and pictures do not share the first round trips with the app's JavaScript (docs/decisions/0028,
// 0030). Any other address starts the app at once.
// (A hidden tab gets no animation frames: the timer starts it there.)
if (root.querySelector('.fs-page')) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    boot();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
} else boot();
