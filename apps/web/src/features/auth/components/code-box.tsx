import { digitsToLatin, digitsToPersian } from '@madreseh/contract/digits';
import { PinInput } from '@mantine/core';

/** A digit in any of the scripts a phone keyboard types: Latin, Persian or Arabic-Indic. */
const ANY_DIGITS = /^[0-9۰-۹٠-٩]+$/;
/**
 * Each box: the numeric keyboard on phones (Mantine's `inputMode` prop would also refuse non-Latin keys)
 * and a Persian name of its own (Mantine names every box "PinInput").
 */
const boxProps = (label: string) => (index: number) => ({
  inputMode: 'numeric' as const,
  'aria-label': `${label}، رقم ${digitsToPersian(String(index + 1))}`,
});

/**
 * The six boxes of a one-time code. Persian and Arabic digits are taken as typed or pasted (decision
 * 0017); `onChange` receives the code in Latin digits, as the contract sends it.
 */
export function CodeBox({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  error: boolean;
}) {
  return (
    <PinInput
      length={6}
      type={ANY_DIGITS}
      inputType="tel"
      getInputProps={boxProps(label)}
      oneTimeCode
      value={value}
      onChange={(v) => onChange(digitsToLatin(v))}
      aria-label={label}
      dir="ltr"
      mx="auto"
      error={error}
    />
  );
}
