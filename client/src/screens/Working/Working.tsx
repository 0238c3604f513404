import { Box, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDate, startOfWeek } from '../../lib/format.ts';
import { useLang } from '../../lib/useLang.ts';
import { sessionUser } from '../../state/session.ts';
import { WorkingTasks } from '../../views/working/tasks/WorkingTasks.tsx';

/** Today's calendar day in the user's time zone, as a local midnight (for day arithmetic). */
function todayIn(zone: string | undefined): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(get('year'), get('month') - 1, get('day'));
}

/** My Calendar (pinned, full width): this week, Monday first, in the user's language and zone. */
export function Working() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = sessionUser.use();
  const zone = user?.timeZone;
  const today = todayIn(zone);
  const monday = startOfWeek(today);
  const days = Array.from({ length: 7 }, (_, i) => new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i));
  const weekday = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { weekday: 'short' });
  const dayNum = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { month: 'numeric', day: 'numeric' });
  return (
    <Stack gap="4" data-testid="working">
      <Heading size="xl">{lang === 'en' ? 'My Calendar' : '我的日历'}</Heading>
      <Text color="gray.600">{t('client.working.body')}</Text>
      <Text fontWeight="medium">{t('client.working.today', { date: formatDate(today, lang) })}</Text>
      <Grid templateColumns="repeat(7, 1fr)" gap="2" data-testid="week">
        {days.map((d) => {
          const isToday = d.toDateString() === today.toDateString();
          return (
            <Box key={d.toISOString()} borderWidth="1px" borderRadius="md" bg={isToday ? 'blue.50' : 'white'} borderColor={isToday ? 'blue.400' : 'gray.200'} p="3" minH="28">
              <Text fontSize="sm" color="gray.500">{weekday.format(d)}</Text>
              <Text fontWeight="semibold">{dayNum.format(d)}</Text>
            </Box>
          );
        })}
      </Grid>
      <WorkingTasks />
    </Stack>
  );
}
