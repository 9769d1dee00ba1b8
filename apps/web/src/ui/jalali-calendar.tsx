import { digitsToLatin, digitsToPersian } from '@madreseh/contract/digits';
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
} from '@madreseh/contract/jalali-calendar';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import classes from './jalali-date-input.module.css';
import light from './kit-form.module.css';
import { TextField } from './kit-input';

/**
 * «۱۳۹۰/۰۷/۳۱» is written right but is no day of the calendar: says so, naming the month's length
 * («مهر ۱۳۹۰ ۳۰ روز دارد»). Null when the text is not of the form year/month/day.
 */
export function impossibleDayMessage(text: string): string | null {
  const m = /^\s*(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*$/.exec(digitsToLatin(text));
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return 'ماه باید از ۱ تا ۱۲ باشد.';
  if (isValidJalali(year, month, day)) return null;
  const length = jalaliMonthLength(year, month);
  return `چنین روزی در تقویم نیست: ${JALALI_MONTHS[month - 1]} ${digitsToPersian(year)} ${digitsToPersian(length)} روز دارد.`;
}

/** The ISO date `years` years before today: where a birth-date calendar opens. */
export function yearsAgoIso(years: number): string {
  const today = todayIso();
  return `${Number(today.slice(0, 4)) - years}${today.slice(4, 7)}-01`;
}

const WEEKDAY_INITIALS = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'];

/** The weekdays' initials over the shown month's days; `day` draws a day's button (keyed by its date). */
export function MonthGrid({ days, day }: { days: (string | null)[]; day: (iso: string) => ReactNode }) {
  return (
    <div className={classes.grid}>
      {WEEKDAY_INITIALS.map((w) => (
        <div key={w} className={classes.weekday} aria-hidden="true">
          {w}
        </div>
      ))}
      {days.map((iso, i) =>
        iso ? (
          day(iso)
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the first day have no identity
          <div key={`blank-${i}`} />
        ),
      )}
    </div>
  );
}

/**
 * What both Jalali date fields (this one and ui/jalali-date-input) keep and do, whatever draws them:
 * the typed text and its Persian error, the month shown, the days of that month, the checks of a
 * typed or picked date, and the arrow keys of the day grid.
 */
export function useJalaliPicker({
  value,
  onChange,
  minDate,
  maxDate,
  openAt,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  maxDate?: string;
  openAt?: string;
}) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(value ? digitsToPersian(formatJalaliIso(value)) : '');
  const [typedError, setTypedError] = useState<string | null>(null);
  const initial = toJalali(value ?? openAt ?? maxDate ?? todayIso());
  const [view, setView] = useState({ year: initial.year, month: initial.month });
  const gridId = useId();

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

  /** The calendar button: an empty field opens where its dates are likely (openAt may follow other fields). */
  const toggle = () => {
    if (!opened && !value) {
      const at = toJalali(openAt ?? maxDate ?? todayIso());
      setView({ year: at.year, month: at.month });
    }
    setOpened((o) => !o);
  };

  const minYear = minDate ? toJalali(minDate).year : initial.year - 100;
  const maxYear = maxDate ? toJalali(maxDate).year : initial.year + 10;
  const years: number[] = [];
  for (let y = maxYear; y >= minYear; y -= 1) years.push(y);

  const shiftMonth = (delta: number) =>
    setView((v) => {
      const index = v.year * 12 + (v.month - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });

  /** Arrow keys move between days (right to left: ← is the next day), across months too. */
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const iso = (e.target as HTMLElement).dataset.iso;
    const delta = ({ ArrowLeft: 1, ArrowRight: -1, ArrowUp: -7, ArrowDown: 7 } as Record<string, number>)[e.key];
    if (!iso || !delta) return;
    e.preventDefault();
    const d = new Date(`${iso}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + delta);
    const next = d.toISOString().slice(0, 10);
    const j = toJalali(next);
    if (j.year !== view.year || j.month !== view.month) setView({ year: j.year, month: j.month });
    const grid = e.currentTarget;
    requestAnimationFrame(() => grid.querySelector<HTMLElement>(`[data-iso="${next}"]`)?.focus());
  };

  /** The shown month's days, after blanks for the weekdays before its first. */
  const days: (string | null)[] = [];
  const first = jalaliToIso(view.year, view.month, 1);
  for (let i = 0; i < jalaliWeekday(first); i += 1) days.push(null);
  for (let d = 1; d <= jalaliMonthLength(view.year, view.month); d += 1) {
    days.push(isValidJalali(view.year, view.month, d) ? jalaliToIso(view.year, view.month, d) : null);
  }
  const today = todayIso();
  /** A day button's marks, name, state and number. */
  const dayProps = (iso: string) => ({
    'data-selected': iso === value || undefined,
    'data-today': iso === today || undefined,
    'data-friday': jalaliWeekday(iso) === 6 || undefined,
    'data-iso': iso,
    disabled: !inRange(iso),
    'aria-pressed': iso === value,
    'aria-label': `${digitsToPersian(toJalali(iso).day)} ${JALALI_MONTHS[view.month - 1]} ${digitsToPersian(view.year)}`,
    onClick: () => pick(iso),
    children: digitsToPersian(toJalali(iso).day),
  });

  return {
    opened,
    setOpened,
    text,
    setText,
    typedError,
    view,
    setView,
    gridId,
    inRange,
    commitText,
    pick,
    toggle,
    years,
    shiftMonth,
    onGridKey,
    days,
    dayProps,
    today,
  };
}

/**
 * A Jalali date field for the public pages, without Mantine's code and without zod (docs/decisions/0021):
 * people type `۱۴۰۵/۰۷/۰۱` (any digits) or pick a day from a calendar that opens under the field. The
 * value given and taken is an ISO Gregorian date, as the API carries it. Behaves as ui/jalali-date-input.
 */
export function JalaliCalendarField({
  label,
  value,
  onChange,
  error,
  required,
  minDate,
  maxDate,
  openAt,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
  required?: boolean;
  minDate?: string;
  maxDate?: string;
  /** ISO date the empty calendar opens at (a birth date: some years back). */
  openAt?: string;
}) {
  const picker = useJalaliPicker({ value, onChange, minDate, maxDate, openAt });
  const { opened, setOpened, text, setText, typedError, view, setView, gridId, inRange, commitText, pick } = picker;
  const { years, shiftMonth, days, dayProps, today } = picker;
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!opened) return;
    const close = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [opened, setOpened]);

  /** Escape closes the calendar; the arrow keys are the picker's. */
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') setOpened(false);
    else picker.onGridKey(e);
  };

  const calendar = opened && (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the day buttons inside
    <div id={gridId} className={`${classes.calendar} ${light.calendarPanel}`} onKeyDown={onGridKey}>
      <div className={light.calendarHead}>
        <button type="button" className={light.iconButton} aria-label="ماه قبل" onClick={() => shiftMonth(-1)}>
          ›
        </button>
        <select
          className={light.calendarSelect}
          aria-label="ماه"
          value={String(view.month)}
          onChange={(e) => setView((v) => ({ ...v, month: Number(e.currentTarget.value) }))}
        >
          {JALALI_MONTHS.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select
          className={light.calendarSelect}
          aria-label="سال"
          value={String(view.year)}
          onChange={(e) => setView((v) => ({ ...v, year: Number(e.currentTarget.value) }))}
        >
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {digitsToPersian(y)}
            </option>
          ))}
        </select>
        <button type="button" className={light.iconButton} aria-label="ماه بعد" onClick={() => shiftMonth(1)}>
          ‹
        </button>
      </div>
      <MonthGrid
        days={days}
        day={(iso) => (
          <button type="button" key={iso} className={`${classes.day} ${light.dayButton}`} {...dayProps(iso)} />
        )}
      />
      <div className={light.calendarFoot}>
        <button type="button" className={light.textButton} disabled={!inRange(today)} onClick={() => pick(today)}>
          امروز
        </button>
        <button type="button" className={light.textButton} onClick={() => setOpened(false)}>
          بستن
        </button>
      </div>
    </div>
  );

  return (
    <div ref={root}>
      <TextField
        kind="DateInput"
        label={label}
        required={required}
        inputMode="numeric"
        autoComplete="off"
        placeholder="۱۴۰۵/۰۷/۰۱"
        value={text}
        error={typedError ?? error}
        onChange={setText}
        onBlur={commitText}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commitText();
          }
        }}
        rightSection={
          <button
            type="button"
            className={light.iconButton}
            aria-label="باز کردن تقویم"
            aria-expanded={opened}
            aria-controls={gridId}
            onClick={picker.toggle}
          >
            <CalendarIcon />
          </button>
        }
        after={calendar}
      />
    </div>
  );
}

export function CalendarIcon() {
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
