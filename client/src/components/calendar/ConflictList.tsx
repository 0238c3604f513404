import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';

export type Clash = {
  readonly occurrence: number;
  readonly start: string;
  readonly end: string;
  readonly kind: string;
  readonly title: string | null | undefined;
  readonly userName: string | null | undefined;
  readonly eventStart: string;
  readonly eventEnd: string;
};

/**
 * What every save that can clash asks of a ScheduleConflictError: spread it unmasked
 * (`...ConflictList_clash @relay(mask: false)`) so the payload carries the fields itself.
 */
void graphql`
  fragment ConflictList_clash on ScheduleConflictError {
    message
    total
    conflicts {
      occurrence
      start
      end
      kind
      title
      userName
      eventStart
      eventEnd
    }
  }
`;

const span = (a: string, b: string) => {
  const s = DateTime.fromISO(a);
  const e = DateTime.fromISO(b);
  return `${s.toFormat('yyyy-MM-dd HH:mm')} – ${e.hasSame(s, 'day') ? e.toFormat('HH:mm') : e.toFormat('yyyy-MM-dd HH:mm')}`;
};

/** The clashes a save would make (schedule's ScheduleConflictError), one line each. */
export function ConflictList({ clashes, total }: { clashes: readonly Clash[]; total: number }) {
  const { t } = useTranslation();
  const shown = clashes.slice(0, 50);
  return (
    <Stack gap="2" data-testid="conflict-list">
      <Text fontWeight="semibold" color="fg.error" data-testid="conflict-summary">
        {t('calendarUi.conflict.summary', { count: total })}
      </Text>
      <Box maxH="60" overflowY="auto" borderWidth="1px" borderRadius="md">
        {shown.map((c, i) => (
          <Flex key={i} gap="3" rowGap="1" px="3" py="2" borderBottomWidth={i < shown.length - 1 ? '1px' : 0} align="center" wrap="wrap" data-testid="conflict-row" fontSize="sm">
            <Badge colorPalette={c.kind === 'PLACE' ? 'purple' : 'red'} variant="subtle" flexShrink={0}>
              {c.kind === 'PLACE' ? t('calendarUi.conflict.place') : t('calendarUi.conflict.participant', { name: c.userName ?? '' })}
            </Badge>
            <Stack gap="0" flex="1" minW="40">
              <Text truncate fontWeight="medium">
                {c.title ?? t('calendarUi.busy')}
              </Text>
              <Text color="fg.muted">{span(c.eventStart, c.eventEnd)}</Text>
            </Stack>
            {clashes.length > 1 || c.occurrence > 1 ? (
              <Text color="fg.muted" flexShrink={0} flexBasis={{ base: '100%', sm: 'auto' }}>
                {t('calendarUi.conflict.occurrence', { n: c.occurrence })} · {span(c.start, c.end)}
              </Text>
            ) : null}
          </Flex>
        ))}
      </Box>
      {total > shown.length && (
        <Text fontSize="sm" color="fg.subtle">
          {t('calendarUi.conflict.more', { count: total - shown.length })}
        </Text>
      )}
    </Stack>
  );
}
