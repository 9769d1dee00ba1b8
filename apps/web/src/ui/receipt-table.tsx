import type { ReactNode } from 'react';

/** A printed receipt's table of facts: a label and its value on each row, ruled as an official paper. */
export function ReceiptTable({ children }: { children: ReactNode }) {
  return (
    <table className="receipt-table" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>{children}</tbody>
    </table>
  );
}

const cell = { border: '1px solid #333', padding: '6px 8px' } as const;

/** One row of a receipt table. */
export function ReceiptRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <tr>
      <th style={{ ...cell, width: '30%', textAlign: 'start' }}>{label}</th>
      <td style={{ ...cell, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </td>
    </tr>
  );
}
