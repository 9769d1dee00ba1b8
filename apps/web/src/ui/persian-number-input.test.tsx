import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanNumberText, PersianNumberInput } from './persian-number-input';

afterEach(cleanup);

function Harness({ initial = '' as number | '', decimals = 0 }) {
  const [value, setValue] = useState<number | ''>(initial);
  return (
    <MantineProvider>
      <PersianNumberInput label="عدد" value={value} onChange={setValue} decimals={decimals} allowNegative />
      <output data-testid="value">{value === '' ? 'empty' : String(value)}</output>
      <button type="button" onClick={() => setValue(1404)}>
        reset
      </button>
    </MantineProvider>
  );
}

describe('PersianNumberInput', () => {
  it('shows a number in Persian digits with the Persian decimal separator', () => {
    render(<Harness initial={35.7681} decimals={6} />);
    expect(screen.getByLabelText('عدد')).toHaveProperty('value', '۳۵٫۷۶۸۱');
  });

  it('takes Latin, Persian and Arabic digits, shows them in Persian and gives the number', () => {
    render(<Harness decimals={6} />);
    const input = screen.getByLabelText('عدد');
    for (const typed of ['51.4467', '۵۱٫۴۴۶۷', '٥١.٤٤٦٧', '51/4467']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(input).toHaveProperty('value', '۵۱٫۴۴۶۷');
      expect(screen.getByTestId('value').textContent).toBe('51.4467');
    }
  });

  it('keeps a separator being typed, drops letters, and follows a value set from outside', () => {
    render(<Harness initial={1405} />);
    const input = screen.getByLabelText('عدد');
    expect(input).toHaveProperty('value', '۱۴۰۵');
    fireEvent.change(input, { target: { value: '۱۴۰a۶' } });
    expect(input).toHaveProperty('value', '۱۴۰۶');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('empty');
    fireEvent.click(screen.getByText('reset'));
    expect(input).toHaveProperty('value', '۱۴۰۴');
  });

  it('cleans text to what a number may hold', () => {
    expect(cleanNumberText('35.', 6, false)).toBe('35.');
    expect(cleanNumberText('1.2.3', 6, false)).toBe('1.23');
    expect(cleanNumberText('-۱۲', 0, true)).toBe('-12');
    expect(cleanNumberText('-12', 0, false)).toBe('12');
    expect(cleanNumberText('12.5', 0, false)).toBe('125');
    expect(cleanNumberText('35.76812345', 6, false)).toBe('35.768123');
  });
});
