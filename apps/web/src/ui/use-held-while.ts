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
