import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useFormat } from '../../../lib/useFormat.ts';
import { hours } from '../shared/codes.tsx';
import type { MyClassTimesQuery } from './__generated__/MyClassTimesQuery.graphql.ts';

const classTimesQuery = graphql`
  query MyClassTimesQuery($from: DateTime!, $to: DateTime!, $lecturerId: ID) {
    viewer {
      user {
        type
      }
    }
    enrollments(first: 50, filter: { state: ENROLLED }) {
      edges {
        node {
          id
          remainingHours
          totalHours
          course {
            name
          }
        }
      }
    }
    attendances(first: 20, filter: { from: $from, to: $to }) {
      edges {
        node {
          id
          lesson {
            id
            startAt
            endAt
            classroomName
            course {
              name
            }
          }
        }
      }
    }
    lessons(first: 20, filter: { from: $from, to: $to, lecturerId: $lecturerId }) {
      edges {
        node {
          id
          startAt
          endAt
          classroomName
          course {
            name
          }
        }
      }
    }
  }
`;

/**
 * "My class times" for the account screen: a student's hours left per course and their next
 * lessons; a lecturer's next lessons. Self-contained (its own query); mount it inside a
 * Suspense (and an ErrorBoundary) with the viewer's user global id:
 *   <MyClassTimes userId={viewer.user.id} />
 */
export function MyClassTimes({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const now = DateTime.now().startOf('hour');
  const data = useLazyLoadQuery<MyClassTimesQuery>(classTimesQuery, { from: now.toUTC().toISO()!, to: now.plus({ days: 28 }).toUTC().toISO()!, lecturerId: userId }, { fetchPolicy: 'store-and-network' });
  const student = data.viewer.user.type === 'STUDENT';
  const lessons = student ? data.attendances.edges.map((e) => e.node?.lesson).filter((l) => l != null) : data.lessons.edges.map((e) => e.node).filter((l) => l != null);
  const sorted = [...lessons].sort((a, b) => String(a.startAt).localeCompare(String(b.startAt))).slice(0, 10);
  return (
    <Stack gap="3" data-testid="my-class-times">
      <Heading size="sm">{t('coursesUi.classTimes.title')}</Heading>
      {student && (
        <Flex gap="2" wrap="wrap">
          {data.enrollments.edges.map(({ node }) =>
            node ? (
              <Badge key={node.id} variant="subtle" colorPalette="blue" size="lg">
                {node.course.name}: {t('coursesUi.hours.remaining')} {hours(node.remainingHours)}
              </Badge>
            ) : null,
          )}
        </Flex>
      )}
      <Box borderWidth="1px" borderRadius="md">
        {sorted.map((l, i) => (
          <Flex key={l.id} px="3" py="2" gap="3" borderTopWidth={i ? '1px' : 0} wrap="wrap">
            <Text fontSize="sm" minW="44">
              {fmt.range(l.startAt as string, l.endAt as string)}
            </Text>
            <Text fontSize="sm" fontWeight="medium" flex="1">
              {l.course.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {l.classroomName ?? ''}
            </Text>
          </Flex>
        ))}
        {!sorted.length && (
          <Text px="3" py="2" fontSize="sm" color="fg.subtle">
            {t('coursesUi.classTimes.none')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
