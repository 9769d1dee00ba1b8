import { digitsToLatin } from '@madreseh/contract/text';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDecimal } from '../lib/format';

export interface PersianNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: number | '';
  /** The number typed, or '' while the field is empty. */
  onChange: (value: number | '') => void;
  /** Digits allowed after the decimal separator (0: whole numbers). */
  decimals?: number;
  allowNegative?: boolean;
}

/** Keeps what may be typed of a number: digits, one decimal separator, a leading minus (Latin digits). */
export function cleanNumberText(raw: string, decimals: number, allowNegative: boolean): string {
  const latin = digitsToLatin(raw).replace(/[٫,/]/g, '.');
  const negative = allowNegative && latin.trimStart().startsWith('-');
  const sign = negative ? '-' : '';
  if (decimals === 0) return `${sign}${latin.replace(/\D/g, '')}`;
  const [whole = '', ...rest] = latin.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${sign}${whole}.${rest.join('').slice(0, decimals)}` : `${sign}${whole}`;
}

/** The number of a cleaned text, or '' when nothing numeric is there yet. */
export function numberOfText(text: string): number | '' {
  if (!/\d/.test(text)) return '';
  const n = Number(text);
  return Number.isFinite(n) ? n : '';
}

/** Latin-digit text of a number as shown: Persian digits and the Persian decimal separator. */
function shown(text: string): string {
  return formatDecimal(text);
}

/**
 * A number field that shows Persian digits while typing and takes Persian, Arabic or Latin digits
 * (and «٫», «.» or «/» as the decimal separator). Range checks stay with the contract's schemas.
 */
export function PersianNumberInput({
  value,
  onChange,
  decimals = 0,
  allowNegative = false,
  ...props
}: PersianNumberInputProps) {
  const [text, setText] = useState(value === '' ? '' : String(value));
  // A value set from outside (a reset, a saved answer) replaces the text; the value typed does not.
  useEffect(() => {
    setText((t) => (numberOfText(t) === value ? t : value === '' ? '' : String(value)));
  }, [value]);
  return (
    <TextInput
      {...props}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      // Digits and a minus sign in their order, lined up at the start of the right-to-left form.
      dir="ltr"
      styles={{ input: { textAlign: 'right' } }}
      className="tabular"
      value={shown(text)}
      onChange={(e) => {
        const next = cleanNumberText(e.currentTarget.value, decimals, allowNegative);
        setText(next);
        onChange(numberOfText(next));
      }}
    />
  );
}
