import {
  formatJalaliIso,
  isValidJalali,
  JALALI_MONTHS,
  jalaliMonthLength,
  jalaliToIso,
  jalaliWeekday,
  parseJalaliDate,
  todayIso,
  toJalali,
} from '@madreseh/contract/jalali';
import { digitsToPersian } from '@madreseh/contract/text';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Popover,
  TextInput,
  type TextInputProps,
  UnstyledButton,
} from '@mantine/core';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useState } from 'react';
import { impossibleDayMessage } from './jalali-calendar';
import classes from './jalali-date-input.module.css';

export { impossibleDayMessage, yearsAgoIso } from './jalali-calendar';

const WEEKDAY_INITIALS = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'];

export interface JalaliDateInputProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'rightSection'> {
  /** ISO calendar date (`2026-09-23`) or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Earliest and latest ISO dates that may be chosen. */
  minDate?: string;
  maxDate?: string;
  /** Shows a button that empties the field. */
  clearable?: boolean;
  /** ISO date the empty calendar opens at (a birth date: some years back), instead of today or maxDate. */
  openAt?: string;
}

/**
 * A date field in the Jalali calendar. People type `۱۴۰۵/۰۷/۰۱` (any digits) or pick a day from the
 * calendar; the value given and taken is an ISO Gregorian date, as the API carries it.
 */
export function JalaliDateInput({
  value,
  onChange,
  minDate,
  maxDate,
  clearable,
  openAt,
  error,
  disabled,
  readOnly,
  ...rest
}: JalaliDateInputProps) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(value ? digitsToPersian(formatJalaliIso(value)) : '');
  const [typedError, setTypedError] = useState<string | null>(null);
  const initial = toJalali(value ?? openAt ?? maxDate ?? todayIso());
  const [view, setView] = useState({ year: initial.year, month: initial.month });

  useEffect(() => {
    setText(value ? digitsToPersian(formatJalaliIso(value)) : '');
    setTypedError(null);
    if (value) {
      const j = toJalali(value);
      setView({ year: j.year, month: j.month });
    }
  }, [value]);

  const inRange = (iso: string) => (!minDate || iso >= minDate) && (!maxDate || iso <= maxDate);

  const commitText = () => {
    if (!text.trim()) {
      setTypedError(null);
      if (value !== null) onChange(null);
      return;
    }
    const iso = parseJalaliDate(text);
    if (!iso) {
      setTypedError(impossibleDayMessage(text) ?? 'تاریخ را به شکل ۱۴۰۵/۰۷/۰۱ وارد کنید.');
      return;
    }
    if (!inRange(iso)) {
      setTypedError('این تاریخ در بازهٔ مجاز نیست.');
      return;
    }
    setTypedError(null);
    if (iso !== value) onChange(iso);
    else setText(digitsToPersian(formatJalaliIso(iso)));
  };

  const pick = (iso: string) => {
    setOpened(false);
    setTypedError(null);
    onChange(iso);
  };

  const minYear = minDate ? toJalali(minDate).year : initial.year - 100;
  const maxYear = maxDate ? toJalali(maxDate).year : initial.year + 10;
  const years: number[] = [];
  for (let y = maxYear; y >= minYear; y -= 1) years.push(y);

  const shiftMonth = (delta: number) => {
    setView((v) => {
      const index = v.year * 12 + (v.month - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });
  };

  const days: (string | null)[] = [];
  const first = jalaliToIso(view.year, view.month, 1);
  for (let i = 0; i < jalaliWeekday(first); i += 1) days.push(null);
  for (let d = 1; d <= jalaliMonthLength(view.year, view.month); d += 1) {
    days.push(isValidJalali(view.year, view.month, d) ? jalaliToIso(view.year, view.month, d) : null);
  }
  const today = todayIso();
  const gridId = useId();

  /** Arrow keys move between days (right to left: ← is the next day), across months too. */
  const onGridKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const iso = (e.target as HTMLElement).dataset.iso;
    const delta = ({ ArrowLeft: 1, ArrowRight: -1, ArrowUp: -7, ArrowDown: 7 } as Record<string, number>)[e.key];
    if (!iso || !delta) return;
    e.preventDefault();
    const d = new Date(`${iso}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + delta);
    const next = d.toISOString().slice(0, 10);
    const j = toJalali(next);
    if (j.year !== view.year || j.month !== view.month) setView({ year: j.year, month: j.month });
    const root = e.currentTarget;
    requestAnimationFrame(() => root.querySelector<HTMLElement>(`[data-iso="${next}"]`)?.focus());
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      trapFocus
      withinPortal
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          {...rest}
          disabled={disabled}
          readOnly={readOnly}
          inputMode="numeric"
          autoComplete="off"
          placeholder={rest.placeholder ?? '۱۴۰۵/۰۷/۰۱'}
          value={text}
          error={typedError ?? error}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={commitText}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitText();
            }
          }}
          rightSectionWidth={clearable && value ? 64 : 36}
          rightSection={
            <Group gap={2} wrap="nowrap">
              {clearable && value && !disabled && !readOnly ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="پاک کردن تاریخ"
                  onClick={() => onChange(null)}
                >
                  ×
                </ActionIcon>
              ) : null}
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label="باز کردن تقویم"
                aria-expanded={opened}
                aria-controls={gridId}
                disabled={disabled || readOnly}
                onClick={() => {
                  // An empty field opens where its dates are likely (openAt may follow other fields).
                  if (!opened && !value) {
                    const at = toJalali(openAt ?? maxDate ?? todayIso());
                    setView({ year: at.year, month: at.month });
                  }
                  setOpened((o) => !o);
                }}
              >
                <CalendarIcon />
              </ActionIcon>
            </Group>
          }
        />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the day buttons inside */}
        <div id={gridId} className={classes.calendar} onKeyDown={onGridKey}>
          <Group gap={4} wrap="nowrap" justify="space-between" mb={6}>
            <ActionIcon variant="subtle" aria-label="ماه قبل" onClick={() => shiftMonth(-1)}>
              ›
            </ActionIcon>
            <NativeSelect
              size="xs"
              aria-label="ماه"
              value={String(view.month)}
              onChange={(e) => setView((v) => ({ ...v, month: Number(e.currentTarget.value) }))}
              data={JALALI_MONTHS.map((name, i) => ({ value: String(i + 1), label: name }))}
            />
            <NativeSelect
              size="xs"
              aria-label="سال"
              value={String(view.year)}
              onChange={(e) => setView((v) => ({ ...v, year: Number(e.currentTarget.value) }))}
              data={years.map((y) => ({ value: String(y), label: digitsToPersian(y) }))}
            />
            <ActionIcon variant="subtle" aria-label="ماه بعد" onClick={() => shiftMonth(1)}>
              ‹
            </ActionIcon>
          </Group>
          <div className={classes.grid}>
            {WEEKDAY_INITIALS.map((w) => (
              <div key={w} className={classes.weekday} aria-hidden="true">
                {w}
              </div>
            ))}
            {days.map((iso, i) =>
              iso ? (
                <UnstyledButton
                  key={iso}
                  className={classes.day}
                  data-selected={iso === value || undefined}
                  data-today={iso === today || undefined}
                  data-friday={jalaliWeekday(iso) === 6 || undefined}
                  data-iso={iso}
                  disabled={!inRange(iso)}
                  aria-pressed={iso === value}
                  aria-label={`${digitsToPersian(toJalali(iso).day)} ${JALALI_MONTHS[view.month - 1]} ${digitsToPersian(view.year)}`}
                  onClick={() => pick(iso)}
                >
                  {digitsToPersian(toJalali(iso).day)}
                </UnstyledButton>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the first day have no identity
                <div key={`blank-${i}`} />
              ),
            )}
          </div>
          <Group justify="space-between" mt={6}>
            <Button size="compact-xs" variant="subtle" disabled={!inRange(today)} onClick={() => pick(today)}>
              امروز
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setOpened(false)}>
              بستن
            </Button>
          </Group>
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

function CalendarIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
