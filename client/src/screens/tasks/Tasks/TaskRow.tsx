import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { PriorityBadge, StateBadge, personName } from '../../../components/task/TaskBadges.tsx';
import type { TaskRow_task$key } from './__generated__/TaskRow_task.graphql.ts';

/** Who and what a task belongs to, by name (the rows, the full list and its export read the same). */
void graphql`
  fragment TaskRow_people on Task {
    project {
      name
      nameEn
    }
    assigner {
      name
      nameEn
    }
    executor {
      name
      nameEn
    }
  }
`;

const rowFragment = graphql`
  fragment TaskRow_task on Task {
    id
    databaseId
    title
    priority
    state
    type
    createdAt
    ...TaskRow_people @relay(mask: false)
    lastLog {
      label
      createdAt
    }
  }
`;

/** One task in a list: priority, title, state, project, who assigned it to whom, when. */
export function TaskRow({ task, compact, onOpen }: { task: TaskRow_task$key; compact?: boolean; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormat();
  const data = useFragment(rowFragment, task);
  return (
    <Flex
      as="button"
      w="full"
      textAlign="left"
      gap="3"
      px="3"
      py="2.5"
      borderBottomWidth="1px"
      // Narrow screens (390 px) stack the facts under the title, as the compact column does.
      align={compact ? 'flex-start' : { base: 'flex-start', md: 'center' }}
      direction={compact ? 'column' : { base: 'column', md: 'row' }}
      _hover={{ bg: 'bg.subtle' }}
      onClick={() => onOpen(data.id)}
      data-testid="task-row"
      data-task-id={data.id}
    >
      <Flex gap="2" align="center" flex="1" minW="0" w="full">
        <PriorityBadge priority={data.priority} size="sm" flexShrink={0} />
        {/* Two lines before the ellipsis: at 390 px one line left the title hidden behind the badges. */}
        <Text fontWeight="medium" lineClamp={2} flex="1" minW="0" wordBreak="break-word" data-testid="task-row-title">
          {data.title}
        </Text>
        <StateBadge state={data.state} size="sm" flexShrink={0} />
      </Flex>
      <Flex gap="3" fontSize="xs" color="fg.muted" w={compact ? 'full' : { base: 'full', md: 'auto' }} flexShrink={0} wrap="wrap">
        <Text truncate maxW="48">
          {personName(data.project, lang)}
        </Text>
        <Text>
          {personName(data.assigner, lang)} → {data.executor ? personName(data.executor, lang) : t('tasksUi.unassigned')}
        </Text>
        {data.type === 'BUG' && (
          <Box as="span" color="fg.error">
            {t('tasksUi.type.BUG')}
          </Box>
        )}
        <Text color="fg.subtle">{format.dateTime(data.createdAt)}</Text>
      </Flex>
    </Flex>
  );
}
