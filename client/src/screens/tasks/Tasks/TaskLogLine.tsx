import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import type { TaskLogLine_log$key } from './__generated__/TaskLogLine_log.graphql.ts';

const logFragment = graphql`
  fragment TaskLogLine_log on TaskLog {
    id
    note
    label
    action
    complaint
    complaintLabel
    reportDaily
    logTime
    createdAt
    assignerName
    executorName
    author {
      name
      nameEn
    }
  }
`;

const NOTE_COLOUR: Record<string, string> = {
  CREATED: 'blue.solid',
  REASSIGNED: 'purple.solid',
  COMPLETED: 'green.solid',
  UNDONE: 'orange.solid',
  DAILY_REPORT: 'teal.solid',
  UPDATED: 'gray.solid',
};

/** One line of a task's log timeline: what happened, who, when; a complaint when recorded. */
export function TaskLogLine({ log, last }: { log: TaskLogLine_log$key; last: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormat();
  const data = useFragment(logFragment, log);
  const action = data.action ? t(`tasksUi.action.${data.action}`, { defaultValue: '' }) : '';
  return (
    <Flex gap="3" data-testid="log-line" data-note={data.note} data-complaint={data.complaint ? 'true' : 'false'}>
      <Flex direction="column" align="center">
        <Box w="2.5" h="2.5" mt="1.5" borderRadius="full" bg={NOTE_COLOUR[data.note] ?? 'fg.subtle'} />
        {!last && <Box flex="1" w="1px" bg="border" />}
      </Flex>
      <Box pb="4" flex="1" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" fontSize="sm">
            {data.label}
          </Text>
          {action && action !== data.label && (
            <Text fontSize="xs" color="fg.subtle">
              {action}
            </Text>
          )}
          {data.complaint && (
            <Badge colorPalette="red" size="sm" data-testid="log-complaint">
              {data.complaintLabel ?? t('task.complaintRecorded')}
            </Badge>
          )}
        </Flex>
        <Text fontSize="xs" color="fg.subtle">
          {format.dateTime(data.logTime)} · {personName(data.author, lang)}
          {data.executorName ? ` · ${t('tasksUi.field.executor')}: ${data.executorName}` : ''}
        </Text>
        {data.reportDaily && (
          <Text fontSize="sm" mt="1" whiteSpace="pre-wrap" bg="bg.subtle" p="2" borderRadius="md" data-testid="log-report">
            {data.reportDaily}
          </Text>
        )}
      </Box>
    </Flex>
  );
}
