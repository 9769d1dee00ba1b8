import { digitsToLatin, digitsToPersian } from '@madreseh/contract/text';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

type Base = Omit<TextInputProps, 'value' | 'onChange' | 'type'>;

/** Latin digits grouped by three with the Persian thousands separator «٬», in Persian digits. */
export function groupedDigits(latinDigits: string): string {
  return digitsToPersian(latinDigits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));
}

/** Only the digits of what was typed (Persian, Arabic or Latin), as Latin digits. */
export function onlyDigits(typed: string): string {
  return digitsToLatin(typed).replace(/\D/g, '');
}

export interface DigitsInputProps extends Base {
  /** Latin digits (what the API takes). */
  value: string;
  onChange: (latinDigits: string) => void;
  /** Shows «۱٬۲۵۰٬۰۰۰» for amounts. */
  grouped?: boolean;
}

/**
 * A field of digits — an amount, a national code, a mobile number, a tracking code — that shows
 * Persian digits as they are typed (grouped by «٬» for amounts), takes Persian, Arabic or Latin
 * digits, and is laid out left to right so the digits never show reversed in the RTL form.
 */
export function DigitsInput({ value, onChange, grouped = false, ...props }: DigitsInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...props}
      dir="ltr"
      className="tabular"
      styles={{ input: { textAlign: 'right', unicodeBidi: 'isolate' } }}
      value={grouped ? groupedDigits(value) : digitsToPersian(value)}
      onChange={(e) => onChange(onlyDigits(e.currentTarget.value))}
    />
  );
}

/** «۱۴۳۰» or «14:3» as typed toward «۱۴:۳۰»: Latin digits with the colon put in after the hour. */
export function cleanTime(typed: string): string {
  const latin = digitsToLatin(typed).replace(/[٫.\-/]/g, ':');
  const [h = '', m] = latin.split(':');
  const hour = h.replace(/\D/g, '');
  if (m !== undefined) return `${hour.slice(0, 2)}:${m.replace(/\D/g, '').slice(0, 2)}`;
  return hour.length > 2 ? `${hour.slice(0, 2)}:${hour.slice(2, 4)}` : hour;
}

/** A valid 24-hour time «HH:MM» (Latin digits), or null. */
export function timeOf(text: string): string | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(digitsToLatin(text).trim());
  return m ? `${(m[1] ?? '').padStart(2, '0')}:${m[2]}` : null;
}

export interface TimeInput24Props extends Base {
  /** «HH:MM» or part of it, Latin digits. */
  value: string;
  onChange: (value: string) => void;
}

/** A 24-hour time typed in Persian or Latin digits and shown «۱۴:۳۰» — never «2:30 PM». */
export function TimeInput24({ value, onChange, ...props }: TimeInput24Props) {
  return (
    <TextInput
      inputMode="numeric"
      placeholder="۱۴:۳۰"
      autoComplete="off"
      maxLength={5}
      {...props}
      dir="ltr"
      className="tabular"
      styles={{ input: { textAlign: 'right' } }}
      value={digitsToPersian(value)}
      onChange={(e) => onChange(cleanTime(e.currentTarget.value))}
    />
  );
}

/** A decimal as it is being typed, shown the Persian way: «18/75» or «18.75» becomes «۱۸٫۷۵». */
export function typedDecimal(typed: string): string {
  return digitsToPersian(digitsToLatin(typed)).replace(/[./,،]/g, '٫');
}

/**
 * A form field's input props (Mantine `getInputProps`) that show typed digits in Persian as they are
 * typed — Latin, Persian or Arabic keys alike; `decimal` also shows «/» or «.» as «٫». Signs, spaces
 * and «+» stay, so a phone typed «+98 912 …» keeps its shape; the contract reads every form.
 */
export function withPersianDigits<P extends { value?: unknown; onChange: (value: string) => void }>(
  props: P,
  mode: 'digits' | 'decimal' = 'digits',
): Omit<P, 'onChange'> & { dir: 'ltr'; onChange: (e: ChangeEvent<HTMLInputElement>) => void } {
  return {
    ...props,
    dir: 'ltr',
    value: typeof props.value === 'string' ? digitsToPersian(props.value) : props.value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const typed = e.currentTarget.value;
      props.onChange(mode === 'decimal' ? typedDecimal(typed) : digitsToPersian(digitsToLatin(typed)));
    },
  };
}
