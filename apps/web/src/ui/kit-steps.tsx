import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { cx, M, type Vars } from './kit-classes';
import { MF, type Option } from './kit-form';
import classes from './kit-form.module.css';

// A two-way choice, a stepper header and tabs for the public pages with Mantine's markup (see kit-form.tsx).

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
