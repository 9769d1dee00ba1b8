import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { Vars } from './kit-classes';
import { cx, M } from './kit-classes';
import { MF, type Option } from './kit-form';
import classes from './kit-form.module.css';
import { InputShell, inputAttributes } from './kit-input';

// A select for the public pages with Mantine's markup, drawn by Mantine's stylesheet (see kit-form.tsx).

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
