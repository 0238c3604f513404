import { DatePicker, IconButton, Input, Portal, parseDate, type DateValue } from '@chakra-ui/react';
import { CalendarDays } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, parseDay } from '../../lib/format.ts';
import { useLang } from '../../lib/useLang.ts';

function toDay(text: string): DateValue | null {
  const day = parseDay(text);
  if (!day) return null;
  try {
    return parseDate(day) as DateValue;
  } catch {
    return null;
  }
}

/**
 * The one date input: a day, written and shown as yyyy-MM-dd in both languages (never the
 * browser's own locale, as `<input type="date">` does), with a month grid in the viewer's
 * language that starts on Monday. `value` and `onChange` use yyyy-MM-dd ('' when empty).
 * The text box is its own: the date picker's input drops every character that is not its
 * locale's separator ("2026-09-01" became "20260901" in Chinese) and Enter on what it cannot
 * parse chose today. Here yyyy-MM-dd, yyyy/M/d and yyyyMMdd are read on Enter and on blur;
 * text that is not a day stays as typed, marked invalid, and changes nothing.
 */
export function DateField({
  value,
  onChange,
  name,
  label,
  disabled,
  size = 'md',
  testId,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** The accessible name when no visible label is tied to the field. */
  label?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  testId?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const parsed = toDay(value);
  // What is typed, until it is read (Enter, blur); follows `value` when that changes from outside.
  const [typed, setTyped] = useState<{ text: string; of: string } | null>(null);
  const text = typed && typed.of === value ? typed.text : value;
  const bad = text.trim() !== '' && !parseDay(text);
  function commit() {
    const day = parseDay(text);
    if (text.trim() === '') {
      setTyped(null);
      if (value) onChange('');
    } else if (day) {
      setTyped(null);
      if (day !== value) onChange(day);
    }
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    // Enter reads the text; in a form it must not submit what was not read yet.
    if (bad || (parseDay(text) ?? '') !== value) e.preventDefault();
    commit();
  }
  return (
    <DatePicker.Root
      size={size}
      locale={LOCALES[lang]}
      startOfWeek={1}
      value={parsed ? [parsed] : []}
      onValueChange={(e) => (setTyped(null), onChange(e.value[0]?.toString() ?? ''))}
      format={(d) => d.toString()}
      disabled={disabled}
      invalid={invalid || bad}
      name={name}
      positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
      data-testid={testId}
    >
      <DatePicker.Control>
        <Input
          size={size}
          name={name}
          aria-label={label}
          aria-invalid={invalid || bad || undefined}
          placeholder="yyyy-mm-dd"
          autoComplete="off"
          disabled={disabled}
          value={text}
          onChange={(e) => setTyped({ text: e.target.value, of: value })}
          onBlur={commit}
          onKeyDown={onKeyDown}
          pe="9"
          minW="0"
        />
        <DatePicker.IndicatorGroup>
          <DatePicker.Trigger asChild>
            <IconButton variant="ghost" size="xs" aria-label={t('client.field.pickDate')}>
              <CalendarDays />
            </IconButton>
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner zIndex="popover">
          <DatePicker.Content>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
