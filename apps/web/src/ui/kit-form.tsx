import { digitsToLatin, digitsToPersian } from '@madreseh/contract/digits';
import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cx, M } from './kit';
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

type Vars = CSSProperties & Record<`--${string}`, string>;

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
function InputShell({
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
function inputAttributes(id: string, kind: string, error?: string | null) {
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

export interface Option {
  value: string;
  label: string;
}

/**
 * A choice from a short list as Mantine's Select renders it: a read-only combobox input that opens a
 * list box below it. Keys: ↓/↑ move, Enter or Space chooses, Escape closes.
 */
export function SelectField({
  label,
  data,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  data: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const selected = data.find((o) => o.value === value);

  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const choose = (o: Option) => {
    onChange(o.value);
    setOpen(false);
  };
  const openAt = () => {
    setActive(
      Math.max(
        0,
        data.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openAt();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + data.length) % data.length);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const o = data[active];
      if (open && o) choose(o);
      else openAt();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
    }
  };
  const activeOption = open && data[active] ? `${id}-option-${active}` : undefined;

  return (
    <div ref={root} className={classes.selectRoot}>
      <InputShell
        id={id}
        kind="Select"
        label={label}
        required={required}
        error={error}
        withRightSection
        rightSection={<Chevron />}
        after={
          open && (
            <div id={listId} role="listbox" aria-labelledby={`${id}-label`} className={classes.listbox}>
              {data.map((o, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
                <div
                  key={o.value}
                  id={`${id}-option-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={o.value === value}
                  data-active={i === active || undefined}
                  className={classes.option}
                  onPointerEnter={() => setActive(i)}
                  onClick={() => choose(o)}
                >
                  {o.label}
                </div>
              ))}
            </div>
          )
        }
      >
        <input
          {...inputAttributes(id, 'Select', error)}
          readOnly
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeOption}
          autoComplete="off"
          required={required}
          value={selected?.label ?? ''}
          className={cx(M.inputField, 'mantine-Select-input', classes.pointer)}
          onClick={() => (open ? setOpen(false) : openAt())}
          onKeyDown={onKey}
        />
      </InputShell>
    </div>
  );
}

function Chevron() {
  return (
    <svg
      className={MF.chevron}
      data-size="sm"
      style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as Vars}
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden
    >
      <path
        d="M4.93 5.43a.45.45 0 0 0 .64.64L7.5 4.14l1.93 1.93a.45.45 0 0 0 .64-.64L7.82 3.18a.45.45 0 0 0-.64 0L4.93 5.43Zm5.14 4.14a.45.45 0 0 0-.64-.64L7.5 10.86 5.57 8.93a.45.45 0 0 0-.64.64l2.25 2.25a.45.45 0 0 0 .64 0l2.25-2.25Z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Two or three choices side by side (Mantine's SegmentedControl): a radio group under a label. */
export function SegmentedField({
  label,
  data,
  value,
  onChange,
  error,
}: {
  label: string;
  data: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={classes.segmentedField}>
      <p className={cx(M.text, classes.segmentedLabel)} id={`${id}-label`}>
        {label}
      </p>
      <div
        className={cx(MF.segmentedRoot, classes.segmented)}
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        data-with-items-borders
        style={{ '--sc-shadow': 'var(--mantine-shadow-xs)' } as Vars}
      >
        {data.map((o) => (
          <div key={o.value} className={MF.segmentedControl} data-active={o.value === value || undefined}>
            <input
              className={MF.segmentedInput}
              type="radio"
              id={`${id}-${o.value}`}
              name={id}
              value={o.value}
              checked={o.value === value}
              data-focus-ring="auto"
              onChange={() => onChange(o.value)}
            />
            <label
              className={cx(MF.segmentedLabel, classes.segment)}
              htmlFor={`${id}-${o.value}`}
              data-active={o.value === value || undefined}
            >
              <span className={MF.segmentedInner}>{o.label}</span>
            </label>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className={cx(M.text, classes.error)}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The row of steps of Mantine's Stepper (size sm): done steps are marked, the current one is in
 * progress; a done step can be clicked to go back. The step's content follows it, as the caller draws.
 */
export function StepperHeader({
  active,
  steps,
  onStepClick,
  classNames = {},
  children,
}: {
  active: number;
  steps: { label: string; icon: ReactNode }[];
  onStepClick: (i: number) => void;
  classNames?: Partial<Record<'steps' | 'step' | 'stepBody' | 'stepIcon' | 'separator', string>>;
  children: ReactNode;
}) {
  return (
    <div
      className={MF.stepperRoot}
      data-size="sm"
      style={
        {
          '--stepper-icon-size': 'var(--stepper-icon-size-sm)',
          '--stepper-fz': 'var(--mantine-font-size-sm)',
          '--stepper-spacing': 'var(--mantine-spacing-sm)',
          marginBottom: 'var(--mantine-spacing-lg)',
        } as Vars
      }
    >
      <div
        className={cx(MF.stepperSteps, classNames.steps)}
        data-orientation="horizontal"
        data-icon-position="left"
        data-label-position="right"
        data-wrap
      >
        {steps.map((s, i) => {
          const done = i < active || undefined;
          const progress = i === active || undefined;
          return [
            i > 0 && (
              <div
                key={`sep-${s.label}`}
                className={cx(MF.stepperSeparator, classNames.separator)}
                data-active={i <= active || undefined}
                data-orientation="horizontal"
              />
            ),
            <button
              key={s.label}
              type="button"
              className={cx(MF.stepperStep, classNames.step)}
              data-icon-position="left"
              data-label-position="right"
              data-completed={done}
              data-progress={progress}
              data-allow-click={done}
              aria-current={progress ? 'step' : undefined}
              tabIndex={done ? 0 : -1}
              onClick={() => done && onStepClick(i)}
            >
              <span className={MF.stepperWrapper}>
                <span
                  className={cx(MF.stepperIcon, classNames.stepIcon)}
                  data-completed={done}
                  data-progress={progress}
                >
                  {done ? (
                    <svg viewBox="0 0 10 7" fill="none" style={{ width: '60%', height: '60%' }} aria-hidden="true">
                      <path
                        d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
                        fill="currentColor"
                      />
                    </svg>
                  ) : (
                    <span className={MF.stepperIconContent}>{s.icon}</span>
                  )}
                </span>
              </span>
              <span
                className={cx(MF.stepperBody, classNames.stepBody)}
                data-orientation="horizontal"
                data-icon-position="left"
              >
                <span className={MF.stepperLabel}>{s.label}</span>
              </span>
            </button>,
          ];
        })}
      </div>
      <div className={MF.stepperContent}>{children}</div>
    </div>
  );
}

/** Mantine's Tabs (default variant): a tab list and the one panel of the chosen tab. */
export function TabsView({
  value,
  onChange,
  tabs,
  children,
}: {
  value: string;
  onChange: (value: string) => void;
  tabs: Option[];
  children: ReactNode;
}) {
  const id = useId();
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // Right to left: ← is the next tab.
    const delta = ({ ArrowLeft: 1, ArrowRight: -1 } as Record<string, number>)[e.key];
    if (!delta) return;
    const i = tabs.findIndex((t) => t.value === value);
    const next = tabs[(i + delta + tabs.length) % tabs.length];
    if (next) {
      onChange(next.value);
      requestAnimationFrame(() => document.getElementById(`${id}-tab-${next.value}`)?.focus());
    }
  };
  return (
    <div
      className={MF.tabsRoot}
      data-variant="default"
      data-orientation="horizontal"
      style={
        {
          '--tabs-radius': 'var(--mantine-radius-default)',
          '--tabs-color': 'var(--mantine-primary-color-filled)',
        } as Vars
      }
    >
      <div
        className={MF.tabsList}
        data-variant="default"
        data-orientation="horizontal"
        role="tablist"
        aria-orientation="horizontal"
        style={{ marginBottom: 'var(--mantine-spacing-md)' }}
        onKeyDown={onKey}
      >
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-tab-${t.value}`}
            aria-selected={t.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={t.value === value ? 0 : -1}
            className={MF.tab}
            data-variant="default"
            data-active={t.value === value || undefined}
            data-orientation="horizontal"
            onClick={() => onChange(t.value)}
          >
            <span className={MF.tabLabel}>{t.label}</span>
          </button>
        ))}
      </div>
      <div
        className={MF.tabsPanel}
        data-orientation="horizontal"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${value}`}
      >
        {children}
      </div>
    </div>
  );
}
