// The app's stylesheets, loaded by main.tsx before the app renders — not linked from the HTML, so they
// do not hold back the first paint of the server's first screen (which carries its own small inline
// styles, apps/web/index.html). The font faces stay in the HTML's own small stylesheet
// (main.tsx). docs/decisions/0012. The theme's variables are here too: the public pages run without
// MantineProvider, which writes them for the rest (docs/decisions/0014).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme-variables.css';
import './global.css';
