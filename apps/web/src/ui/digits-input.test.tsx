import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanTime, DigitsInput, groupedDigits, TimeInput24, timeOf, typedDecimal } from './digits-input';

afterEach(cleanup);

describe('digits as they are typed', () => {
  it('groups an amount with «٬» in Persian digits', () => {
    expect(groupedDigits('1250000')).toBe('۱٬۲۵۰٬۰۰۰');
    expect(groupedDigits('950')).toBe('۹۵۰');
  });

  it('shows a decimal the Persian way', () => {
    expect(typedDecimal('18/75')).toBe('۱۸٫۷۵');
    expect(typedDecimal('18.7')).toBe('۱۸٫۷');
    expect(typedDecimal('۱۸٫')).toBe('۱۸٫');
  });

  it('reads a 24-hour time typed with or without its colon', () => {
    expect(cleanTime('۱۴۳۰')).toBe('14:30');
    expect(cleanTime('9:5')).toBe('9:5');
    expect(cleanTime('14:')).toBe('14:');
    expect(timeOf('۹:۰۵')).toBe('09:05');
    expect(timeOf('24:00')).toBeNull();
    expect(timeOf('11:51 PM')).toBeNull();
  });

  it('an amount field shows «۱٬۲۵۰٬۰۰۰» while typing and gives Latin digits', () => {
    function Harness() {
      const [v, setV] = useState('');
      return (
        <MantineProvider>
          <DigitsInput label="مبلغ" value={v} onChange={setV} grouped />
          <output data-testid="v">{v}</output>
        </MantineProvider>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('مبلغ');
    fireEvent.change(input, { target: { value: '۱۲۵۰۰۰0' } });
    expect(input).toHaveProperty('value', '۱٬۲۵۰٬۰۰۰');
    expect(screen.getByTestId('v').textContent).toBe('1250000');
    expect(input.closest('[dir="ltr"]')).not.toBeNull();
  });

  it('a time field shows Persian digits in 24-hour form', () => {
    function Harness() {
      const [v, setV] = useState('');
      return (
        <MantineProvider>
          <TimeInput24 label="ساعت" value={v} onChange={setV} />
        </MantineProvider>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('ساعت');
    fireEvent.change(input, { target: { value: '2351' } });
    expect(input).toHaveProperty('value', '۲۳:۵۱');
  });
});
