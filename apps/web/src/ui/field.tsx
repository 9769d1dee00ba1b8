import { type ChangeEvent, useId, useLayoutEffect, useRef } from 'react';
import { cx, M } from './kit-classes';

/**
 * A required text field (one line, or several that grow with the text) as Mantine's TextInput and
 * Textarea render it — label with its asterisk, the input, the error under it, tied by
 * `aria-describedby` — drawn by Mantine's stylesheet, without Mantine's code (docs/decisions/0014).
 */
export function Field({
  label,
  value,
  onChange,
  error,
  multiline = false,
  minRows = 5,
  placeholder,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  multiline?: boolean;
  minRows?: number;
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const kind = multiline ? 'Textarea' : 'TextInput';
  const area = useRef<HTMLTextAreaElement>(null);
  // Grows with its text from `minRows` lines, as Mantine's autosize does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.removeProperty('height');
    const rowsHeight = el.offsetHeight;
    const borders = el.offsetHeight - el.clientHeight;
    el.style.setProperty('height', `${Math.max(rowsHeight, el.scrollHeight) + borders}px`, 'important');
  }, [value]);
  const invalid = error ? true : undefined;
  const common = {
    className: cx(M.inputField, `mantine-${kind}-input`),
    'data-variant': 'default',
    required: true,
    id,
    value,
    placeholder,
    autoComplete,
    'data-error': invalid,
    'aria-invalid': invalid,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.currentTarget.value),
  };
  return (
    <div className={cx(M.inputWrapper, `mantine-${kind}-root`)} data-size="sm" data-error={invalid}>
      <label
        className={cx(M.inputLabel, `mantine-${kind}-label`)}
        data-size="sm"
        data-required
        htmlFor={id}
        id={`${id}-label`}
        style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as React.CSSProperties}
      >
        {label}
        <span className={cx(M.inputRequired, `mantine-${kind}-required`)} aria-hidden>
          {' *'}
        </span>
      </label>
      <div
        className={cx(M.input, `mantine-${kind}-wrapper`)}
        data-variant="default"
        data-size="sm"
        data-multiline={multiline || undefined}
        data-error={invalid}
        style={
          {
            '--input-height': 'var(--input-height-sm)',
            '--input-fz': 'var(--mantine-font-size-sm)',
            ...(multiline ? { '--input-padding-y': 'var(--input-padding-y-sm)' } : {}),
            ...(error ? { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
          } as React.CSSProperties
        }
      >
        {multiline ? <textarea ref={area} rows={minRows} data-no-overflow {...common} /> : <input {...common} />}
      </div>
      {error && (
        <p
          className={cx(M.inputError, `mantine-${kind}-error`)}
          data-size="sm"
          id={`${id}-error`}
          style={
            {
              '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
            } as React.CSSProperties
          }
        >
          {error}
        </p>
      )}
    </div>
  );
}
