import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * Persian digits in every number and code field of the app (decision 0017). Mantine's NumberInput and a
 * PinInput of type "number" drop Persian and Arabic digits as they are typed (the field stays empty),
 * so the app's forms use PersianNumberInput, DigitsInput or a text field the contract reads.
 */

const verified: { mobile: string; code: string }[] = [];
vi.mock('../features/auth/api', () => ({
  useRequestOtp: () => ({ mutate: (_m: string, o: { onSuccess: () => void }) => o.onSuccess(), isPending: false }),
  useVerifyOtp: () => ({
    mutate: (body: { mobile: string; code: string }) => verified.push(body),
    isPending: false,
  }),
}));
const { OtpForm } = await import('../features/auth/components/otp-form');

afterEach(cleanup);

const SRC = path.resolve(import.meta.dirname, '..');
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('number and code fields', () => {
  it('never use an input that drops Persian digits', () => {
    const offenders = sources(SRC).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const rel = path.relative(SRC, file);
      const found: string[] = [];
      if (/import\s*{[^}]*\bNumberInput\b[^}]*}\s*from\s*'@mantine\/core'/.test(text))
        found.push(`${rel}: NumberInput`);
      if (/<PinInput[^>]*type="number"/s.test(text)) found.push(`${rel}: PinInput type="number"`);
      return found;
    });
    expect(offenders).toEqual([]);
  });

  it('the one-time code box takes Persian digits and sends them in Latin', () => {
    render(
      <MantineProvider>
        <OtpForm onSignedIn={() => {}} onError={() => {}} />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('شمارهٔ همراه ولی'), { target: { value: '۰۹۱۲۱۲۳۴۵۶۷' } });
    fireEvent.click(screen.getByRole('button', { name: 'فرستادن کد ورود' }));
    const boxes = screen.getAllByRole('textbox');
    '۱۲۳۴۵٦'.split('').forEach((digit, i) => {
      const box = boxes[i];
      if (!box) throw new Error(`no box ${i}`);
      fireEvent.change(box, { target: { value: digit } });
    });
    const enter = screen.getByRole('button', { name: 'ورود' });
    expect(enter).toHaveProperty('disabled', false);
    fireEvent.click(enter);
    expect(verified).toEqual([{ mobile: '۰۹۱۲۱۲۳۴۵۶۷', code: '123456' }]);
  });
});
