import { useState } from 'react';

/**
 * `value`, except while `hold` is on: then the value it had when `hold` turned on, the newer one
 * following as soon as `hold` is off. A list keeps its rows in place under an open row menu this
 * way: a refetch that adds or reorders rows would otherwise move the menu's row (and the menu with
 * it, or out of sight, which hides the menu) under the finger about to tap one of its items.
 */
export function useHeldWhile<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value);
  if (!hold && held !== value) setHeld(value);
  return hold ? held : value;
}

/**
 * A list's rows as shown: while one of its rows' menus is open, the rows it had when the menu opened, so a
 * background refetch that brings a new row (or reorders them) does not move the row from under the finger
 * about to tap the menu, nor push it out of sight (which hides its menu). The newest follow once it closes.
 * Give `onMenuChange` to every row's menu (Mantine's `Menu onChange`).
 */
export function useRowMenuHold<T>(items: T[] | undefined) {
  const [menuOpen, setMenuOpen] = useState(false);
  return { items: useHeldWhile(items, menuOpen), onMenuChange: setMenuOpen };
}
