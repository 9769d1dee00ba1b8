import { useState } from 'react';

/** The students checked in the list, across pages, and the «select all on this page» box. */
export function useSelection(items: { id: number }[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const allOnPage = items.length > 0 && items.every((s) => selected.has(s.id));
  const someOnPage = !allOnPage && items.some((s) => selected.has(s.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAllOnPage = () => {
    const next = new Set(selected);
    for (const s of items) {
      if (allOnPage) next.delete(s.id);
      else next.add(s.id);
    }
    setSelected(next);
  };
  const clear = () => setSelected(new Set());
  return { selected, allOnPage, someOnPage, toggle, toggleAllOnPage, clear };
}

export type Selection = ReturnType<typeof useSelection>;
