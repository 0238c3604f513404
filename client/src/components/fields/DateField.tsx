import { DatePicker, IconButton, Portal, parseDate, type DateValue } from '@chakra-ui/react';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../lib/format.ts';
import { useLang } from '../../lib/useLang.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function toDay(text: string): DateValue | null {
  if (!ISO_DAY.test(text)) return null;
  try {
    return parseDate(text) as DateValue;
  } catch {
    return null;
  }
}

/**
 * A day, written and shown as yyyy-MM-dd in both languages (never the browser's own locale,
 * as `<input type="date">` does), with a month grid in the viewer's language that starts on
 * Monday. `value` and `onChange` use yyyy-MM-dd ('' when empty or not a day).
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
  return (
    <DatePicker.Root
      size={size}
      locale={LOCALES[lang]}
      startOfWeek={1}
      value={parsed ? [parsed] : []}
      onValueChange={(e) => onChange(e.value[0]?.toString() ?? '')}
      format={(d) => d.toString()}
      parse={(text) => toDay(text.trim()) ?? undefined}
      placeholder="yyyy-mm-dd"
      disabled={disabled}
      invalid={invalid}
      name={name}
      positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
      data-testid={testId}
    >
      <DatePicker.Control>
        <DatePicker.Input name={name} aria-label={label} inputMode="numeric" autoComplete="off" pe="9" minW="0" />
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
