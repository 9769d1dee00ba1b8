import { digitsToLatin, digitsToPersian } from '@madreseh/contract/digits';
import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { cx, M } from './kit-classes';
import classes from './kit-form.module.css';

/**
 * Form pieces for the public pages as plain React: text fields, a select, a two-way choice, a stepper
 * and tabs, with the markup, class names and CSS variables Mantine's components render, so Mantine's
 * stylesheet draws them as before — without Mantine's code on a public first visit
 * (docs/decisions/0014, 0021). kit-form.test.tsx checks the class names against the stylesheet.
 */
export const MF = {
  sectionRight: 'm_82577fc2 mantine-Input-section',
  chevron: 'm_2943220b mantine-ComboboxChevron-chevron',
  segmentedRoot: 'm_cf365364 mantine-SegmentedControl-root',
  segmentedControl: 'm_69686b9b mantine-SegmentedControl-control',
  segmentedInput: 'm_1714d588 mantine-SegmentedControl-input',
  segmentedLabel: 'm_1738fcb2 mantine-SegmentedControl-label',
  segmentedInner: 'm_78882f40 mantine-SegmentedControl-innerLabel',
  stepperRoot: 'm_cbb4ea7e mantine-Stepper-root',
  stepperSteps: 'm_aaf89d0b mantine-Stepper-steps',
  stepperStep: 'mantine-focus-auto m_f56b1e2c m_cbb57068 mantine-Stepper-step m_87cf2631 mantine-UnstyledButton-root',
  stepperWrapper: 'm_818e70b mantine-Stepper-stepWrapper',
  stepperIcon: 'm_1959ad01 mantine-Stepper-stepIcon',
  stepperIconContent: 'm_8faaac38 mantine-Stepper-stepIconContent',
  stepperBody: 'm_1956aa2a mantine-Stepper-stepBody',
  stepperLabel: 'm_12051f6c mantine-Stepper-stepLabel',
  stepperSeparator: 'm_2a371ac9 mantine-Stepper-separator',
  stepperContent: 'm_78da155d mantine-Stepper-content',
  tabsRoot: 'm_89d60db1 mantine-Tabs-root',
  tabsList: 'm_576c9d4 m_89d33d6d mantine-Tabs-list',
  tab: 'mantine-focus-auto m_539e827b m_4ec4dce6 mantine-Tabs-tab m_87cf2631 mantine-UnstyledButton-root',
  tabLabel: 'm_42bbd1ae mantine-Tabs-tabLabel',
  tabsPanel: 'm_b0c91715 mantine-Tabs-panel',
  table: 'm_b23fa0ef mantine-Table-table',
  tbody: 'm_b2404537 mantine-Table-tbody',
  tr: 'm_4e7aa4fd mantine-Table-tr',
  th: 'm_4e7aa4f3 mantine-Table-th',
  td: 'm_4e7aa4ef mantine-Table-td',
} as const;

export type Vars = CSSProperties & Record<`--${string}`, string>;

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
    <div className={cx(M.inputWrapper, `mantine-${kind}-root`, classes.field)} data-size="sm" data-error={invalid}>
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
          <div data-position="right" className={cx(MF.sectionRight, `mantine-${kind}-section`)}>
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

/** One choice of a select or a two-way choice. */
export interface Option {
  value: string;
  label: string;
}
