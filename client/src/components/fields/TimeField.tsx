import { NativeSelect } from '@chakra-ui/react';

const STEPS: string[] = [];
for (let m = 0; m < 24 * 60; m += 15) STEPS.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

/**
 * A time of day on the 24-hour clock, HH:mm, in quarter hours (a stored time off the grid is
 * offered as it is). A select, not `<input type="time">`, whose AM/PM follows the browser's
 * locale whatever the page's language. Typing "14" on the focused field jumps to 14:00.
 */
export function TimeField({
  value,
  onChange,
  name,
  label,
  disabled,
  size = 'md',
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  name?: string;
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  testId?: string;
}) {
  const options = value && !STEPS.includes(value) ? [...STEPS, value].sort() : STEPS;
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field name={name} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {!value && <option value="">--:--</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
