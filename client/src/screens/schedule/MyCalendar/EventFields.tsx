import { Badge, Box, Checkbox, CloseButton, Field, Flex, Grid, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { EVENT_TYPES, projectColour, typeEdge } from '../../../components/calendar/colours.ts';
import { fromInputValue } from '../../../components/calendar/localizer.ts';
import { RecurrenceFields } from '../../../components/calendar/RecurrenceFields.tsx';
import { repeatSummary } from '../../../components/calendar/recurrence.ts';
import { useLang } from '../../../lib/useLang.ts';
import { PeopleSearch, personName } from './PeoplePicker.tsx';
import { withAllDay, type Errors, type Form } from './eventForm.ts';
import type { EventDialogQuery$data } from './__generated__/EventDialogQuery.graphql.ts';
import type { EventScope } from './__generated__/EventDialogUpdateMutation.graphql.ts';

/** The event dialog's fields: the event itself (left), who and how often (right), and a series' scope. */

type Loaded = NonNullable<EventDialogQuery$data['node']>;
export type Project = { id: string; databaseId: number; name: string; nameEn?: string | null };

/** What both columns need: the form, how to change it, and whether it may change. */
type FieldsProps = {
  form: Form;
  change: (next: (f: Form) => Form) => void;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  readOnly: boolean;
  errors: Errors;
  loaded: Loaded | null;
};

function Section({ label, children, testId, error, errorTestId }: { label: string; children: ReactNode; testId?: string; error?: string | null; errorTestId?: string }) {
  return (
    <Field.Root data-testid={testId} invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText data-testid={errorTestId}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A wall time "yyyy-MM-ddTHH:mm" (or a day) edited as a day and, unless all day, a 24-hour time. */
function WhenField({ name, label, value, allDay, disabled, onChange }: { name: string; label: string; value: string; allDay: boolean; disabled: boolean; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const day = value.slice(0, 10);
  const clock = value.slice(11, 16);
  return (
    <Flex gap="2" w="full">
      <Box flex="1" minW="0">
        <DateField name={`${name}-date`} label={`${label} · ${t('client.field.date')}`} value={day} disabled={disabled} onChange={(d) => onChange(allDay ? d : `${d}T${clock || '09:00'}`)} />
      </Box>
      {!allDay && (
        <Box w="28" flexShrink={0}>
          <TimeField name={`${name}-time`} label={`${label} · ${t('client.field.time')}`} value={clock} disabled={disabled} onChange={(c) => onChange(`${day}T${c}`)} />
        </Box>
      )}
    </Flex>
  );
}

/** Title, time, place, project, type, text, and the open and published switches. */
export function EventMainFields({
  form,
  change,
  set,
  readOnly,
  errors,
  loaded,
  projects,
  initialTitle,
  onTitleMissing,
  titleRef,
}: FieldsProps & { projects: readonly Project[]; initialTitle: string; onTitleMissing: () => void; titleRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const chosenProject = projects.find((p) => p.id === form.projectId);
  const error = (k: keyof Errors) => (errors[k] ? t(errors[k]) : null);
  return (
    <Stack gap="3" minW="0">
      <Field.Root required invalid={!!errors.title}>
        <Field.Label>
          {t('calendarUi.field.title')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="title"
          value={form.title}
          maxLength={200}
          disabled={readOnly}
          onChange={(e) => set('title', e.target.value)}
          onBlur={() => !form.title.trim() && form.title !== initialTitle && onTitleMissing()}
          ref={titleRef}
        />
        {errors.title && <Field.ErrorText data-testid="title-error">{error('title')}</Field.ErrorText>}
      </Field.Root>
      <Checkbox.Root checked={form.allDay} disabled={readOnly} onCheckedChange={(e) => change((f) => withAllDay(f, !!e.checked))} data-testid="field-allday">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('calendarUi.field.allDay')}</Checkbox.Label>
      </Checkbox.Root>
      {/* Start and end on their own rows: a day and a time each need the column's width. */}
      <Grid templateColumns="minmax(0, 1fr)" gap="3">
        <Section label={t('calendarUi.field.start')}>
          <WhenField name="start" label={t('calendarUi.field.start')} value={form.start} allDay={form.allDay} disabled={readOnly} onChange={(v) => set('start', v)} />
        </Section>
        <Section label={t('calendarUi.field.end')} error={error('time')} errorTestId="time-error">
          <WhenField name="end" label={t('calendarUi.field.end')} value={form.end} allDay={form.allDay} disabled={readOnly} onChange={(v) => set('end', v)} />
        </Section>
      </Grid>
      <Section label={t('calendarUi.field.address')}>
        <Input name="address" value={form.address} maxLength={200} disabled={readOnly} onChange={(e) => set('address', e.target.value)} />
      </Section>
      <Grid templateColumns="minmax(0, 1fr) minmax(0, 1fr)" gap="3">
        <Section label={t('calendarUi.field.project')}>
          <NativeSelect.Root size="sm" disabled={readOnly}>
            <NativeSelect.Field name="project" value={form.projectId} onChange={(e) => set('projectId', e.target.value)} borderLeftWidth="4px" borderLeftColor={projectColour(chosenProject?.databaseId)}>
              <option value="">{t('calendarUi.noProject')}</option>
              {loaded?.project && !projects.some((p) => p.id === loaded.project!.id) && <option value={loaded.project.id}>{lang === 'en' && loaded.project.nameEn ? loaded.project.nameEn : loaded.project.name}</option>}
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {lang === 'en' && p.nameEn ? p.nameEn : p.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Section>
        <Section label={t('calendarUi.field.type')}>
          <NativeSelect.Root size="sm" disabled={readOnly}>
            <NativeSelect.Field name="type" value={String(form.type)} onChange={(e) => set('type', Number(e.target.value))} borderLeftWidth="4px" borderLeftColor={typeEdge(form.type)}>
              {EVENT_TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`calendarUi.type.${ty}`)}
                </option>
              ))}
              {!EVENT_TYPES.includes(form.type as 1) && <option value={form.type}>{form.type}</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Section>
      </Grid>
      <Section label={t('calendarUi.field.content')}>
        <Textarea name="content" rows={4} value={form.content} disabled={readOnly} onChange={(e) => set('content', e.target.value)} />
      </Section>
      <Checkbox.Root checked={form.isOpen} disabled={readOnly} onCheckedChange={(e) => set('isOpen', !!e.checked)} data-testid="field-open">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('calendarUi.field.isOpen')}</Checkbox.Label>
      </Checkbox.Root>
      {!loaded && (
        <Checkbox.Root checked={form.published} onCheckedChange={(e) => set('published', !!e.checked)} data-testid="field-published">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('calendarUi.field.published')}</Checkbox.Label>
        </Checkbox.Root>
      )}
    </Stack>
  );
}

/** The participants, and the repeat rule (editable unless only this occurrence of a series changes). */
export function EventPeopleFields({ form, set, readOnly, errors, loaded, isSeries, scope }: Omit<FieldsProps, 'change'> & { isSeries: boolean; scope: EventScope }) {
  const { t } = useTranslation();
  const lang = useLang();
  const error = (k: keyof Errors) => (errors[k] ? t(errors[k]) : null);
  return (
    <Stack gap="3" minW="0">
      <Section label={t('calendarUi.field.participants')} testId="field-participants">
        <Flex gap="1" wrap="wrap" minH="6">
          {form.participants.map((p) => (
            <Badge key={p.id} variant="subtle" colorPalette="blue" pr={readOnly ? undefined : '0'} data-testid="participant-chip">
              {personName(p, lang)}
              {!readOnly && (
                <CloseButton
                  size="2xs"
                  aria-label={t('calendarUi.removePerson', { name: personName(p, lang) })}
                  onClick={() =>
                    set(
                      'participants',
                      form.participants.filter((x) => x.id !== p.id),
                    )
                  }
                />
              )}
            </Badge>
          ))}
        </Flex>
        {!readOnly && (
          <Box w="full" borderWidth="1px" borderRadius="md" p="2" mt="1">
            <PeopleSearch
              chosen={form.participants}
              onToggle={(p) => set('participants', form.participants.some((x) => x.id === p.id) ? form.participants.filter((x) => x.id !== p.id) : [...form.participants, p])}
              testId="participant-search"
            />
          </Box>
        )}
      </Section>
      {(!isSeries || scope !== 'THIS') && !readOnly ? (
        <RecurrenceFields value={form.repeat} onChange={(r) => set('repeat', r)} start={fromInputValue(form.start)} error={error('repeat')} />
      ) : isSeries ? (
        <Stack gap="1" data-testid="recurrence-summary">
          <Text fontSize="sm" fontWeight="medium">
            {t('calendarUi.field.repeat')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {repeatSummary(form.repeat, t, lang)}
          </Text>
        </Stack>
      ) : null}
      {loaded && (
        <Text fontSize="sm" color="fg.muted">
          {t('calendarUi.field.creator')}: {personName(loaded.creator!, lang)} · {t('calendarUi.field.timeZone')}: {loaded.timeZone}
        </Text>
      )}
    </Stack>
  );
}

/** Which occurrences of a series a save or a delete changes. */
export function EventScopeChoice({ scope, onChange }: { scope: EventScope; onChange: (s: EventScope) => void }) {
  const { t } = useTranslation();
  return (
    <Box borderTopWidth="1px" pt="3">
      <RadioGroup.Root value={scope} onValueChange={(e) => onChange(e.value as EventScope)} size="sm" data-testid="event-scope" aria-label={t('calendarUi.scope.title')}>
        <Flex gap="4" wrap="wrap">
          {(['THIS', 'FOLLOWING', 'ALL'] as const).map((s) => (
            <RadioGroup.Item key={s} value={s} data-testid={`scope-${s}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`calendarUi.scope.${s}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
    </Box>
  );
}
