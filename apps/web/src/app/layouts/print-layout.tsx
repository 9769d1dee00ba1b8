import { Outlet } from 'react-router';
import classes from './layouts.module.css';
import './print-fonts.css';

/** A bare A4 sheet for printing: no menus, margins set by @page. */
export function Component() {
  return (
    <main className={classes.print}>
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      <article className={classes.sheet} data-scroll-main>
        <Outlet />
      </article>
    </main>
  );
}
