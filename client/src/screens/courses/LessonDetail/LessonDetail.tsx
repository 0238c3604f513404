import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { startTransition, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useMenuParams } from '../../../layout/menu.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { LessonPanel } from './LessonPanel.tsx';
import { lessonDetailRoute } from './LessonDetail.route.ts';
import type { LessonDetailQuery } from './__generated__/LessonDetailQuery.graphql.ts';

const detailQuery = graphql`
  query LessonDetailQuery($id: ID!) {
    node(id: $id) {
      __typename
      ... on Lesson {
        id
        title
        startAt
        course {
          id
          name
        }
      }
      ...LessonPanel_lesson @alias(as: "panel")
    }
  }
`;

/**
 * 排课详情 (`/mission/schedule-detail/:id`): one lesson with its attendance (sign in one or all,
 * leave, feedback and release) and homework (docs/courses-ui.md).
 */
export default function LessonDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useMenuParams();
  const { queryRef, load } = useRouteQuery(lessonDetailRoute, { id: params.id ?? '' });
  const data = usePreloadedQuery<LessonDetailQuery>(detailQuery, queryRef);
  const lesson = data.node?.__typename === 'Lesson' ? data.node : null;
  const course = lesson?.course;
  const panel = data.node?.panel;
  const fmt = useFormat();
  useEffect(() => {
    // The tab names the course and the lesson's day (SSAT 冲刺班 12-05): three lessons are three tabs told apart.
    if (!lesson?.course) return;
    const day = lesson.startAt ? ` ${fmt.date(lesson.startAt as string).slice(5)}` : '';
    const named = `${lesson.course.name}${day}`;
    titleView(`/mission/schedule-detail/${params.id ?? ''}`, { zh: named, en: named });
  }, [lesson, params.id, fmt]);
  if (!lesson || !course || !panel)
    return (
      <Text color="fg.muted" data-testid="lesson-missing">
        {t('coursesUi.lesson.missing')}
      </Text>
    );
  return (
    <Stack gap="3" minW="0" maxW="full" data-testid="lesson-detail">
      <Flex align="center" gap="2" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => navigate(`/mission/course-detail/${encodeURIComponent(course.id)}`)} data-testid="lesson-open-course">
          <ArrowLeft size={16} /> {course.name}
        </Button>
        <Heading size="lg" srOnly>
          {t('coursesUi.lesson.detail')}
        </Heading>
      </Flex>
      <LessonPanel lesson={panel} onChanged={() => startTransition(() => load(queryRef.variables, 'network-only'))} />
    </Stack>
  );
}
