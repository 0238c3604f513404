import { Checkbox, Field, Grid, GridItem, Input, Text, Textarea } from '@chakra-ui/react';
import { EyeOff } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/fields/DateField.tsx';
import { codeKey, isMasked, labelOf, wide, type FieldDef, type SectionDef, type Values } from '../shared/fields.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

/**
 * One field of a section form: its kind decides the input (text, long text, number, yes/no, a
 * day, a coded choice). A field the viewer sees masked is shown read-only with the reason.
 */
export function FieldInput({
  section,
  field,
  values,
  onChange,
  onBlur,
  problem,
  sensitive,
  idPrefix,
  options,
}: {
  section: SectionDef;
  field: FieldDef;
  values: Values;
  onChange: (name: string, value: string | boolean) => void;
  onBlur?: (name: string) => void;
  problem?: string;
  sensitive: boolean;
  idPrefix: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${field.name}`;
  const label = labelOf(section, field, t);
  const value = values[field.name];
  const text = typeof value === 'string' ? value : '';
  const testId = `field-${field.name}`;
  const masked = isMasked(field, sensitive);
  let input;
  if (masked) {
    input = (
      <Text fontSize="sm" color="fg.muted" display="flex" alignItems="center" gap="1" py="2" data-testid={`${testId}-masked`}>
        {text || '—'} <EyeOff size={12} aria-hidden /> {t('archivesUi.maskedField')}
      </Text>
    );
  } else if (field.kind === 'bool') {
    input = (
      <Checkbox.Root checked={value === true} onCheckedChange={(e) => onChange(field.name, e.checked === true)} data-testid={testId}>
        <Checkbox.HiddenInput id={id} />
        <Checkbox.Control />
        <Checkbox.Label>{t('archivesUi.detail.yes')}</Checkbox.Label>
      </Checkbox.Root>
    );
  } else if (field.kind === 'code' || options) {
    const list = options ?? (field.codes ?? []).map((c) => ({ value: String(c), label: t(`${codeKey(section, field)}.${c}`) }));
    input = <ChoiceSelect id={id} value={text} onChange={(v) => onChange(field.name, v)} onBlur={() => onBlur?.(field.name)} testId={testId} options={list} empty="—" />;
  } else if (field.kind === 'date') {
    input = <DateField value={text} onChange={(v) => onChange(field.name, v)} name={id} label={label} testId={testId} invalid={!!problem} />;
  } else if (field.kind === 'longText') {
    input = <Textarea id={id} value={text} rows={3} onChange={(e) => onChange(field.name, e.target.value)} onBlur={() => onBlur?.(field.name)} data-testid={testId} />;
  } else {
    const numeric = field.kind === 'int' || field.kind === 'float';
    input = (
      <Input
        id={id}
        value={text}
        inputMode={numeric ? (field.kind === 'int' ? 'numeric' : 'decimal') : field.email ? 'email' : undefined}
        onChange={(e) => onChange(field.name, e.target.value)}
        onBlur={() => onBlur?.(field.name)}
        data-testid={testId}
      />
    );
  }
  return (
    <GridItem colSpan={wide(field) ? { base: 1, md: 2 } : 1}>
      <Field.Root invalid={!!problem} readOnly={masked}>
        {field.kind === 'bool' || masked ? <Field.Label as="span">{label}</Field.Label> : <Field.Label htmlFor={field.kind === 'date' ? undefined : id}>{label}</Field.Label>}
        {input}
        {problem && <Field.ErrorText data-testid={`${testId}-error`}>{problem}</Field.ErrorText>}
      </Field.Root>
    </GridItem>
  );
}

/**
 * A section's fields as a two-column form: a field's message goes as soon as it is fixed and
 * comes back (or goes) when the field is left (the in-place form and the row dialog).
 */
export function SectionFields({
  section,
  fields,
  values,
  onValues,
  problems,
  setProblems,
  check,
  sensitive,
  idPrefix,
  options = {},
}: {
  section: SectionDef;
  fields: readonly FieldDef[];
  values: Values;
  onValues: (v: Values) => void;
  problems: Record<string, string>;
  setProblems: Dispatch<SetStateAction<Record<string, string>>>;
  check: (v: Values) => Record<string, string>;
  sensitive: boolean;
  idPrefix: string;
  options?: Record<string, ReadonlyArray<{ value: string; label: string }>>;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          section={section}
          field={f}
          values={values}
          sensitive={sensitive}
          idPrefix={idPrefix}
          problem={problems[f.name]}
          options={options[f.name]}
          onChange={(n, v) => {
            const next = { ...values, [n]: v };
            onValues(next);
            if (problems[n]) setProblems((p) => Object.fromEntries(Object.entries(check(next)).filter(([k]) => k in p)));
          }}
          onBlur={(n) => {
            const found = check(values);
            setProblems((p) => {
              const next = { ...p };
              if (found[n]) next[n] = found[n];
              else delete next[n];
              return next;
            });
          }}
        />
      ))}
    </Grid>
  );
}
