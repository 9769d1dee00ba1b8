import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineRoot } from '../../../app/mantine';
import { InvoiceList } from './invoice-card';

afterEach(cleanup);

function listAt(path: string) {
  render(
    <MantineRoot>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {['/student/invoices', '/parent/:childId/invoices'].map((p) => (
            <Route
              key={p}
              path={p}
              element={<InvoiceList invoices={[]} unit="toman" actions={() => null} paymentActions={() => null} />}
            />
          ))}
        </Routes>
      </MemoryRouter>
    </MantineRoot>,
  );
}

describe('an empty invoice list', () => {
  it('speaks to the student about «شما»', () => {
    listAt('/student/invoices');
    expect(screen.getByText('هنوز صورت‌حسابی برای شما صادر نشده است.')).toBeTruthy();
  });

  it('speaks to a parent about the child, never «برای شما»', () => {
    listAt('/parent/7/invoices');
    expect(screen.getByText('هنوز صورت‌حسابی برای این فرزند صادر نشده است.')).toBeTruthy();
    expect(screen.queryByText(/برای شما/)).toBeNull();
  });
});
