import fs from 'node:fs';
import { createRequire } from 'node:module';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { JalaliCalendarField } from './jalali-calendar';
import { MF } from './kit-form';
import { persianTyped, TextField } from './kit-input';
import { SelectField } from './kit-select';
import { SegmentedField, StepperHeader, TabsView } from './kit-steps';

const stylesheet = fs.readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');

afterEach(cleanup);

function Controlled({ digits }: { digits?: 'digits' | 'decimal' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField
        label="کد ملی"
        required
        digits={digits}
        value={value}
        onChange={setValue}
        error={value ? null : 'خالی'}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('the form kit of the public pages', () => {
  it.each(Object.entries(MF))('draws %s with classes that Mantine’s stylesheet styles', (_, classes) => {
    const hashed = classes.split(' ').filter((c) => c.startsWith('m_'));
    expect(hashed.length).toBeGreaterThan(0);
    for (const c of hashed) expect(stylesheet, c).toContain(`.${c}`);
  });

  it('shows typed digits in Persian, the decimal sign as «٫»', () => {
    expect(persianTyped('0912 345', 'digits')).toBe('۰۹۱۲ ۳۴۵');
    expect(persianTyped('19/25', 'decimal')).toBe('۱۹٫۲۵');
    expect(persianTyped('١٨.٥', 'decimal')).toBe('۱۸٫۵');
  });

  it('a text field is labelled, required, left to right for digits, and tied to its error', () => {
    render(<Controlled digits="digits" />);
    const input = screen.getByLabelText(/کد ملی/) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.dir).toBe('ltr');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('خالی');
    fireEvent.change(input, { target: { value: '0071' } });
    expect(input.value).toBe('۰۰۷۱');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('a select opens a list box, chooses by click and by keys, and closes', () => {
    function Select() {
      const [value, setValue] = useState('');
      return (
        <SelectField
          label="پایه"
          value={value}
          onChange={setValue}
          data={[
            { value: '7', label: 'هفتم' },
            { value: '8', label: 'هشتم' },
          ]}
        />
      );
    }
    render(<Select />);
    const box = screen.getByRole('combobox', { name: 'پایه' }) as HTMLInputElement;
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'هشتم' }));
    expect(box.value).toBe('هشتم');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'هشتم' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('هفتم');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a two-way choice is a named radio group', () => {
    function Gender() {
      const [value, setValue] = useState('');
      return (
        <SegmentedField
          label="جنسیت"
          value={value}
          onChange={setValue}
          data={[
            { value: 'male', label: 'پسر' },
            { value: 'female', label: 'دختر' },
          ]}
        />
      );
    }
    render(<Gender />);
    expect(screen.getByRole('radiogroup', { name: 'جنسیت' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('دختر'));
    expect((screen.getByLabelText('دختر') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('پسر') as HTMLInputElement).checked).toBe(false);
  });

  it('the stepper marks done steps, lets them be clicked, and not the ones ahead', () => {
    const clicked: number[] = [];
    render(
      <StepperHeader
        active={1}
        onStepClick={(i) => clicked.push(i)}
        steps={[
          { label: 'یک', icon: '۱' },
          { label: 'دو', icon: '۲' },
          { label: 'سه', icon: '۳' },
        ]}
      >
        محتوا
      </StepperHeader>,
    );
    const [one, two, three] = screen.getAllByRole('button');
    expect(one?.dataset.completed).toBe('true');
    expect(two?.getAttribute('aria-current')).toBe('step');
    fireEvent.click(three as HTMLElement);
    fireEvent.click(one as HTMLElement);
    expect(clicked).toEqual([0]);
    expect(screen.getByText('محتوا')).toBeTruthy();
  });

  it('tabs show the chosen panel, labelled by its tab', () => {
    function Tabs() {
      const [tab, setTab] = useState('a');
      return (
        <TabsView
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'a', label: 'فرم' },
            { value: 'b', label: 'پیگیری' },
          ]}
        >
          {tab === 'a' ? 'پنل فرم' : 'پنل پیگیری'}
        </TabsView>
      );
    }
    render(<Tabs />);
    fireEvent.click(screen.getByRole('tab', { name: 'پیگیری' }));
    expect(screen.getByRole('tab', { name: 'پیگیری' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'پیگیری' }).textContent).toBe('پنل پیگیری');
  });

  it('the Jalali date field reads a typed day, names an impossible one, and picks from its calendar', () => {
    const picked: (string | null)[] = [];
    render(
      <JalaliCalendarField label="تاریخ تولد" value={null} onChange={(v) => picked.push(v)} openAt="2014-03-25" />,
    );
    const input = screen.getByLabelText(/تاریخ تولد/);
    fireEvent.change(input, { target: { value: '۱۳۹۰/۰۷/۳۱' } });
    fireEvent.blur(input);
    expect(screen.getByText('چنین روزی در تقویم نیست: مهر ۱۳۹۰ ۳۰ روز دارد.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '۱۳۹۳/۰۱/۰۵' } });
    fireEvent.blur(input);
    expect(picked).toEqual(['2014-03-25']);
    fireEvent.click(screen.getByRole('button', { name: 'باز کردن تقویم' }));
    fireEvent.click(screen.getByRole('button', { name: '۱۰ فروردین ۱۳۹۳' }));
    expect(picked).toEqual(['2014-03-25', '2014-03-30']);
  });
});
