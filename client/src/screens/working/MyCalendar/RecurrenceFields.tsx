import { Box, Button, Field, Flex, Group, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { DateField } from '../../../components/fields/DateField.tsx';
import type { Lang } from '../../../lib/format.ts';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { RecurrenceInput, Weekday } from './__generated__/EventDialogCreateMutation.graphql.ts';

export type Freq = 'NONE' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
export type Repeat = { freq: Freq; interval: string; byWeekday: Weekday[]; ends: 'UNTIL' | 'COUNT'; until: string; count: string };

export const NO_REPEAT: Repeat = { freq: 'NONE', interval: '1', byWeekday: [], ends: 'COUNT', until: '', count: '10' };
export const WEEKDAYS: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

type Rule = {
  readonly freq: string;
  readonly interval: number;
  readonly byWeekday: readonly string[];
  readonly count?: number | null;
  readonly until?: string | null;
};

export function repeatFromRule(rule: Rule): Repeat {
  return {
    freq: (['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(rule.freq) ? rule.freq : 'NONE') as Freq,
    interval: String(rule.interval),
    byWeekday: rule.byWeekday.filter((d): d is Weekday => (WEEKDAYS as string[]).includes(d)),
    ends: rule.until ? 'UNTIL' : 'COUNT',
    until: rule.until ?? '',
    count: rule.count ? String(rule.count) : '',
  };
}

const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max;

/** The first problem with a rule, as a catalogue key. */
export function repeatProblem(r: Repeat): string | null {
  if (r.freq === 'NONE') return null;
  if (!whole(r.interval, 1, 99)) return 'calendarUi.intervalInvalid';
  if (r.freq === 'WEEKLY' && !r.byWeekday.length) return 'calendarUi.weekdaysRequired';
  if (r.ends === 'COUNT' && !whole(r.count, 1, 1000)) return 'calendarUi.countInvalid';
  if (r.ends === 'UNTIL' && !/^\d{4}-\d{2}-\d{2}$/.test(r.until)) return 'calendarUi.untilRequired';
  return null;
}

/** The schedule's RecurrenceInput (fields, not RRULE text); null when the event does not repeat. */
export function recurrenceInput(r: Repeat): RecurrenceInput | null {
  if (r.freq === 'NONE') return null;
  return {
    freq: r.freq,
    interval: Number(r.interval),
    byWeekday: r.freq === 'WEEKLY' ? WEEKDAYS.filter((d) => r.byWeekday.includes(d)) : null,
    count: r.ends === 'COUNT' ? Number(r.count) : null,
    until: r.ends === 'UNTIL' ? r.until : null,
  };
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A rule in words: 每周一、三，共 8 次 / Weekly on Mon, Wed, 8 times; 每2周（一），至2026-12-31. */
export function repeatSummary(r: Repeat, t: Translate, lang: Lang): string {
  if (r.freq === 'NONE') return t('calendarUi.repeat.none');
  const n = Number(r.interval) || 1;
  const days = WEEKDAYS.filter((d) => r.byWeekday.includes(d))
    .map((d) => t(`calendarUi.weekday.${d}`))
    .join(lang === 'zh' ? '、' : ', ');
  const unit = r.freq.toLowerCase();
  const head = n === 1 ? t(`calendarUi.repeat.summary.${unit}1`, { days }) : t(`calendarUi.repeat.summary.${unit}`, { n, days });
  const end = r.ends === 'UNTIL' && r.until ? t('calendarUi.repeat.summary.until', { date: r.until }) : r.ends === 'COUNT' && r.count ? t('calendarUi.repeat.summary.count', { count: r.count }) : '';
  return head + end;
}

/** Repeat daily / weekly on chosen days / monthly, every N, until a date or N times. */
export function RecurrenceFields({ value, onChange, start, error }: { value: Repeat; onChange: (r: Repeat) => void; start: Date | null; error?: string | null }) {
  const { t } = useTranslation();
  const set = <K extends keyof Repeat>(key: K, v: Repeat[K]) => onChange({ ...value, [key]: v });
  const startDay = start ? (WEEKDAYS[DateTime.fromJSDate(start).weekday - 1] as Weekday) : 'MO';
  return (
    <Stack gap="2" data-testid="recurrence">
      <Field.Root>
        <Field.Label>{t('calendarUi.field.repeat')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            name="freq"
            value={value.freq}
            onChange={(e) => {
              const freq = e.target.value as Freq;
              onChange({ ...value, freq, byWeekday: freq === 'WEEKLY' && !value.byWeekday.length ? [startDay] : value.byWeekday });
            }}
          >
            <option value="NONE">{t('calendarUi.repeat.none')}</option>
            <option value="DAILY">{t('calendarUi.repeat.daily')}</option>
            <option value="WEEKLY">{t('calendarUi.repeat.weekly')}</option>
            <option value="MONTHLY">{t('calendarUi.repeat.monthly')}</option>
            {value.freq === 'YEARLY' && <option value="YEARLY">{t('calendarUi.repeat.summary.yearly', { n: value.interval })}</option>}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {value.freq !== 'NONE' && (
        <>
          <Flex align="center" gap="2">
            <Text fontSize="sm">{t('calendarUi.repeat.every')}</Text>
            <Input name="interval" aria-label={t('calendarUi.repeat.interval')} size="sm" w="16" inputMode="numeric" value={value.interval} onChange={(e) => set('interval', e.target.value)} />
            <Text fontSize="sm">{value.freq === 'YEARLY' ? '' : t(`calendarUi.repeat.unit.${value.freq.toLowerCase()}`)}</Text>
          </Flex>
          {value.freq === 'WEEKLY' && (
            <Flex align="center" gap="2" data-testid="recurrence-weekdays">
              <Text fontSize="sm" flexShrink={0} id="repeat-on-label">
                {t('calendarUi.repeat.on')}
              </Text>
              {/* Seven toggle buttons on one line (checkboxes with labels wrapped in a half-width column). */}
              <Group attached role="group" aria-labelledby="repeat-on-label" flex="1" minW="0">
                {WEEKDAYS.map((d) => {
                  const on = value.byWeekday.includes(d);
                  return (
                    <Button
                      key={d}
                      size="xs"
                      flex="1"
                      minW="0"
                      px="0"
                      variant={on ? 'solid' : 'outline'}
                      colorPalette={on ? 'blue' : 'gray'}
                      aria-pressed={on}
                      onClick={() => set('byWeekday', on ? value.byWeekday.filter((x) => x !== d) : [...value.byWeekday, d])}
                      data-testid={`weekday-${d}`}
                    >
                      {t(`calendarUi.weekday.${d}`)}
                    </Button>
                  );
                })}
              </Group>
            </Flex>
          )}
          <RadioGroup.Root size="sm" value={value.ends} onValueChange={(e) => set('ends', e.value as Repeat['ends'])}>
            <Stack gap="2">
              <Flex align="center" gap="2">
                <RadioGroup.Item value="COUNT" data-testid="ends-count">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t('calendarUi.repeat.count')}</RadioGroup.ItemText>
                </RadioGroup.Item>
                <Input name="count" aria-label={t('calendarUi.repeat.count')} size="sm" w="20" inputMode="numeric" value={value.count} disabled={value.ends !== 'COUNT'} onChange={(e) => set('count', e.target.value)} />
                <Text fontSize="sm">{t('calendarUi.repeat.times')}</Text>
              </Flex>
              <Flex align="center" gap="2">
                <RadioGroup.Item value="UNTIL" data-testid="ends-until">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t('calendarUi.repeat.until')}</RadioGroup.ItemText>
                </RadioGroup.Item>
                <Box w="40">
                  <DateField name="until" size="sm" label={t('calendarUi.repeat.until')} value={value.until} disabled={value.ends !== 'UNTIL'} onChange={(v) => set('until', v)} />
                </Box>
              </Flex>
            </Stack>
          </RadioGroup.Root>
          {error ? (
            <Text fontSize="sm" color="fg.error" data-testid="repeat-error">
              {error}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
