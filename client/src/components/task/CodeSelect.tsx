import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A select of codes named by the catalogue (`<prefix>.<code>`: task states, priorities, types),
 * optionally with an "all" entry whose value is ''. The label comes from the surrounding
 * Field.Label, or `label` (a filter without a visible label).
 */
export function CodeSelect<C extends string>({
  codes,
  prefix,
  value,
  onChange,
  all,
  label,
  size,
  width,
  testId,
}: {
  codes: readonly C[];
  prefix: string;
  value: C | '';
  onChange: (value: C | '') => void;
  /** The text of the '' entry ("全部状态"); without it there is none. */
  all?: string;
  label?: string;
  size?: 'sm' | 'md';
  width?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value as C | '')} data-testid={testId}>
        {all !== undefined && <option value="">{all}</option>}
        {codes.map((c) => (
          <option key={c} value={c}>
            {t(`${prefix}.${c}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
