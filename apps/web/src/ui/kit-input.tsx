import { digitsToLatin, digitsToPersian } from '@madreseh/contract/digits';
import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { cx, M, type Vars } from './kit-classes';

/**
 * The kit's text field (one line, or several that grow) and the shell every input of the kit is
 * drawn in — label with its asterisk, the input, the error under it, tied by `aria-describedby` —
 * with the markup and class names Mantine's TextInput and Textarea render, so Mantine's stylesheet
 * draws them, without Mantine's code on a public first visit (docs/decisions/0014, 0021).
 */

/** What was typed, shown in Persian digits; `decimal` also shows «/», «.» or «,» as «٫». */
export function persianTyped(typed: string, mode: 'digits' | 'decimal'): string {
  const digits = digitsToPersian(digitsToLatin(typed));
  return mode === 'decimal' ? digits.replace(/[./,،]/g, '٫') : digits;
}

interface ShellProps {
  id: string;
  kind: 'TextInput' | 'Textarea' | 'Select' | 'DateInput';
  label: string;
  required?: boolean;
  error?: string | null;
  multiline?: boolean;
  withRightSection?: boolean;
  children: ReactNode;
  after?: ReactNode;
  rightSection?: ReactNode;
}

/** Label (with its asterisk), the input's wrapper and the error under it, as Mantine's InputWrapper. */
export function InputShell({
  id,
  kind,
  label,
  required,
  error,
  multiline,
  withRightSection,
  children,
  after,
  rightSection,
}: ShellProps) {
  const invalid = error ? true : undefined;
  return (
    <div
      className={cx(M.inputWrapper, `mantine-${kind}-root`)}
      data-size="sm"
      data-error={invalid}
      // The calendar under a date field is placed against it.
      style={{ position: 'relative' }}
    >
      <label
        className={cx(M.inputLabel, `mantine-${kind}-label`)}
        data-size="sm"
        data-required={required || undefined}
        htmlFor={id}
        id={`${id}-label`}
        style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as Vars}
      >
        {label}
        {required && (
          <span className={cx(M.inputRequired, `mantine-${kind}-required`)} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      <div
        className={cx(M.input, `mantine-${kind}-wrapper`)}
        data-variant="default"
        data-size="sm"
        data-multiline={multiline || undefined}
        data-with-right-section={withRightSection || undefined}
        data-error={invalid}
        style={
          {
            '--input-height': 'var(--input-height-sm)',
            '--input-fz': 'var(--mantine-font-size-sm)',
            ...(multiline ? { '--input-padding-y': 'var(--input-padding-y-sm)' } : {}),
            ...(error ? { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
          } as Vars
        }
      >
        {children}
        {rightSection && (
          <div data-position="right" className={cx(M.inputSection, `mantine-${kind}-section`)}>
            {rightSection}
          </div>
        )}
      </div>
      {after}
      {error && (
        <p
          className={cx(M.inputError, `mantine-${kind}-error`)}
          data-size="sm"
          id={`${id}-error`}
          style={
            {
              '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
            } as Vars
          }
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes every input of a shell takes: its class, id, error state and description. */
export function inputAttributes(id: string, kind: string, error?: string | null) {
  const invalid = error ? true : undefined;
  return {
    id,
    className: cx(M.inputField, `mantine-${kind}-input`),
    'data-variant': 'default',
    'data-error': invalid,
    'aria-invalid': invalid,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  /** Several lines that grow with the text from `minRows`. */
  multiline?: boolean;
  minRows?: number;
  /** Shows typed digits in Persian as they are typed, left to right (`decimal`: «/» and «.» as «٫»). */
  digits?: 'digits' | 'decimal';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  onBlur?: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  rightSection?: ReactNode;
  /** Something under the input, before the error (a calendar). */
  after?: ReactNode;
  kind?: 'TextInput' | 'DateInput';
}

/** A text field (one line, or several that grow) as Mantine's TextInput and Textarea render it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  required,
  multiline = false,
  minRows = 2,
  digits,
  inputMode,
  maxLength,
  placeholder,
  autoComplete,
  onBlur,
  onKeyDown,
  rightSection,
  after,
  kind: given,
}: TextFieldProps) {
  const id = useId();
  const kind = multiline ? 'Textarea' : (given ?? 'TextInput');
  const area = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.removeProperty('height');
    const borders = el.offsetHeight - el.clientHeight;
    el.style.setProperty('height', `${Math.max(el.offsetHeight, el.scrollHeight) + borders}px`, 'important');
  }, [value]);
  const common = {
    ...inputAttributes(id, kind, error),
    required,
    value: digits ? digitsToPersian(value) : value,
    placeholder,
    autoComplete,
    maxLength,
    inputMode,
    onBlur,
    onKeyDown,
    dir: digits ? ('ltr' as const) : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const typed = e.currentTarget.value;
      onChange(digits ? persianTyped(typed, digits) : typed);
    },
  };
  return (
    <InputShell
      id={id}
      kind={kind}
      label={label}
      required={required}
      error={error}
      multiline={multiline}
      withRightSection={Boolean(rightSection)}
      rightSection={rightSection}
      after={after}
    >
      {multiline ? <textarea ref={area} rows={minRows} data-no-overflow {...common} /> : <input {...common} />}
    </InputShell>
  );
}
