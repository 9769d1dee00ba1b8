import { todayIso } from '@madreseh/contract/jalali';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

import { impossibleDayMessage, JalaliDateInput, yearsAgoIso } from './jalali-date-input';

function Harness({ initial = null as string | null, onValue = (_: string | null) => {} }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider env="test">
      <JalaliDateInput
        label="تاریخ تولد"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
        clearable
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </MantineProvider>
  );
}

describe('JalaliDateInput', () => {
  it('shows an ISO value as a Jalali date in Persian digits', () => {
    render(<Harness initial="2026-09-23" />);
    expect(screen.getByLabelText('تاریخ تولد')).toHaveProperty('value', '۱۴۰۵/۰۷/۰۱');
  });

  it('takes a typed date in Persian digits and gives an ISO date', () => {
    render(<Harness />);
    const input = screen.getByLabelText('تاریخ تولد');
    fireEvent.change(input, { target: { value: '۱۳۹۲/۱۲/۲۹' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('value').textContent).toBe('2014-03-20');
  });

  it('says so in Persian when the typed date does not exist, and keeps no value', () => {
    render(<Harness />);
    const input = screen.getByLabelText('تاریخ تولد');
    fireEvent.change(input, { target: { value: '1404/12/30' } });
    fireEvent.blur(input);
    expect(screen.getByText('چنین روزی در تقویم نیست: اسفند ۱۴۰۴ ۲۹ روز دارد.')).toBeTruthy();
    expect(screen.getByTestId('value').textContent).toBe('none');
    fireEvent.change(input, { target: { value: 'دیروز' } });
    fireEvent.blur(input);
    expect(screen.getByText('تاریخ را به شکل ۱۴۰۵/۰۷/۰۱ وارد کنید.')).toBeTruthy();
  });

  it('opens an empty birth-date calendar some years back, with year and month pickers', async () => {
    render(
      <MantineProvider env="test">
        <JalaliDateInput label="تاریخ تولد" value={null} onChange={() => {}} maxDate="2026-11-25" openAt="2014-11-01" />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByLabelText('باز کردن تقویم'));
    // 1 Nov 2014 is 10 Aban 1393.
    expect(await screen.findByLabelText('۱۰ آبان ۱۳۹۳')).toBeTruthy();
    expect(yearsAgoIso(12)).toMatch(/^\d{4}-\d{2}-01$/);
    expect(Number(yearsAgoIso(12).slice(0, 4))).toBe(Number(todayIso().slice(0, 4)) - 12);
  });

  it('picks a day from the calendar', async () => {
    render(<Harness initial="2026-09-23" />);
    fireEvent.click(screen.getByLabelText('باز کردن تقویم'));
    fireEvent.click(await screen.findByLabelText('۱۵ مهر ۱۴۰۵'));
    expect(screen.getByTestId('value').textContent).toBe('2026-10-07');
  });

  it('empties the value with the clear button', () => {
    render(<Harness initial="2026-09-23" />);
    fireEvent.click(screen.getByLabelText('پاک کردن تاریخ'));
    expect(screen.getByTestId('value').textContent).toBe('none');
  });
});

describe('impossibleDayMessage', () => {
  it('says a well-written day that is not in the calendar does not exist', () => {
    expect(impossibleDayMessage('۱۳۹۰/۰۷/۳۱')).toBe('چنین روزی در تقویم نیست: مهر ۱۳۹۰ ۳۰ روز دارد.');
    expect(impossibleDayMessage('1403/12/30')).toBeNull(); // 1403 is a leap year
    expect(impossibleDayMessage('1402/12/30')).toBe('چنین روزی در تقویم نیست: اسفند ۱۴۰۲ ۲۹ روز دارد.');
    expect(impossibleDayMessage('۱۳۹۰/۱۳/۰۱')).toBe('ماه باید از ۱ تا ۱۲ باشد.');
    expect(impossibleDayMessage('فردا')).toBeNull();
  });
});

describe('the calendar by keyboard', () => {
  it('moves between days with the arrow keys, across a month, and marks Fridays', async () => {
    render(<Harness initial="2026-09-23" />);
    fireEvent.click(screen.getByLabelText('باز کردن تقویم'));
    const first = await screen.findByLabelText('۱ مهر ۱۴۰۵');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('۲ مهر ۱۴۰۵'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByLabelText('۱ مهر ۱۴۰۵'), { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('۳۱ شهریور ۱۴۰۵'));
    // 1405/06/27 (2026-09-18) is a Friday; 1405/06/31 (2026-09-22) a Tuesday.
    expect(screen.getByLabelText('۲۷ شهریور ۱۴۰۵').hasAttribute('data-friday')).toBe(true);
    expect(screen.getByLabelText('۳۱ شهریور ۱۴۰۵').hasAttribute('data-friday')).toBe(false);
  });
});
