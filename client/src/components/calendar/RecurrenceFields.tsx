import { Box, Button, Field, Flex, Group, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { DateField } from '../fields/DateField.tsx';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { Weekday } from '../../screens/schedule/MyCalendar/__generated__/EventDialogCreateMutation.graphql.ts';
import { WEEKDAYS, type Freq, type Repeat } from './recurrence.ts';

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
