import { Outlet } from 'react-router';
import classes from './layouts.module.css';

/** The login screen: one centred card on a calm background. */
export function Component() {
  return (
    <main className={classes.centered} data-scroll-main>
      <Outlet />
    </main>
  );
}
