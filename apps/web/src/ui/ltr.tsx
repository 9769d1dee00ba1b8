import type { ReactNode } from 'react';

/**
 * Text that must read left to right inside right-to-left Persian text — a phone or card number, a
 * tracking code, an amount with its sign — isolated so its digits and signs never show reversed.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <span dir="ltr" className="tabular" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </span>
  );
}
