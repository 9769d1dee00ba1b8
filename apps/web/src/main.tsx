// The font faces stay in the HTML's own small stylesheet, so text is set in its font from the first
// paint; the rest of the styles arrive with app/styles.ts.
import './app/fonts.css';
import { importWithReload } from './app/lazy-route';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The app's code is evaluated in one task and started in the next, so a phone does not hold its main
// thread for both at once (docs/decisions/0030).
let booted = false;
const boot = () => {
  if (booted) return;
  booted = true;
  void importWithReload(() => import('./app/start')).then(({ start }) => setTimeout(() => start(root), 0));
};

// A public page, and the student's home for a signed-in student, come with their first screen drawn by
// the server: that screen is painted before the app's code is asked for, so on a slow network the page's
// text and pictures do not share the first round trips with the app's JavaScript (docs/decisions/0028,
// 0030). Any other address starts the app at once.
// On a public page "painted" is the browser's own first-contentful-paint entry: a frame's callbacks run
// before the frame reaches the screen, and an app asked for then still shared the first round trips. The
// student's home asks at the frame: its paint comes as early either way (its answers are in the page), and
// waiting longer only moved the app's start into the time the student is reading and tapping.
// (A hidden tab paints nothing, and gets no frames: the timer starts it there. The build targets ES2022,
// and every browser that runs it has PerformanceObserver.)
const screen = root.querySelector('.fs-page');
if (screen) {
  if (screen.classList.contains('fs-area')) requestAnimationFrame(() => setTimeout(boot, 0));
  else
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length) setTimeout(boot, 0);
    }).observe({ type: 'paint', buffered: true });
  setTimeout(boot, 1000);
} else boot();
