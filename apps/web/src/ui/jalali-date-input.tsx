import { JALALI_MONTHS } from '@madreseh/contract/jalali';
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
import { CalendarIcon, MonthGrid, useJalaliPicker } from './jalali-calendar';
import classes from './jalali-date-input.module.css';

export { impossibleDayMessage, yearsAgoIso } from './jalali-calendar';

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
  const picker = useJalaliPicker({ value, onChange, minDate, maxDate, openAt });
  const { opened, setOpened, text, setText, typedError, view, setView, gridId, inRange, commitText, pick } = picker;
  const { years, shiftMonth, days, dayProps, today, onGridKey } = picker;

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
                onClick={picker.toggle}
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
          <MonthGrid
            days={days}
            day={(iso) => <UnstyledButton key={iso} className={classes.day} {...dayProps(iso)} />}
          />
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
