import { NativeSelect } from '@chakra-ui/react';

export type Choice = { value: string; label: string };

/**
 * A native select over choices, with an optional empty first choice ("—", "all", "none"): the
 * one way the filters and forms write a `<select>` of `{ value, label }` pairs.
 */
export function ChoiceSelect({
  value,
  onChange,
  options,
  empty,
  size,
  width,
  id,
  label,
  onBlur,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<Choice>;
  /** The empty first choice's text; none when left out. */
  empty?: string;
  size?: 'sm' | 'md';
  width?: string;
  id?: string;
  /** The accessible name when no visible label points at the select. */
  label?: string;
  onBlur?: () => void;
  testId?: string;
}) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} data-testid={testId}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
