import { Box, Button, Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Download, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { saveBlob } from '../../../components/list/download.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { courseExportRoute } from './CourseExport.route.ts';
import type { CourseExportQuery } from './__generated__/CourseExportQuery.graphql.ts';

const exportQuery = graphql`
  query CourseExportQuery {
    courses(first: 300) {
      edges {
        node {
          id
          no
          name
          exportUrl
        }
      }
    }
  }
`;

/**
 * 课程导出 (`/course-export?id=`): the course's PDF from the server (details, lesson calendar
 * with attendance, students with hours, in the viewer's language), opened in a new tab or saved.
 */
export default function CourseExport() {
  const { t } = useTranslation();
  const { queryRef } = useRouteQuery(courseExportRoute, {});
  const data = usePreloadedQuery<CourseExportQuery>(exportQuery, queryRef);
  const [state, setState] = useUrlState({ id: '' });
  const courses = data.courses.edges.map((e) => e.node);
  const course = courses.find((c) => c.id === state.id);
  const [busy, setBusy] = useState<'open' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = (how: 'open' | 'save') => {
    if (!course) return;
    setBusy(how);
    setError(null);
    // The tab opens now (a popup must follow the click) and gets the file when it arrives.
    const tab = how === 'open' ? window.open('', '_blank') : null;
    fetchDownload(course.exportUrl, `${course.no || 'course'}.pdf`)
      .then(({ fileName, blob }) => {
        if (tab) tab.location.href = URL.createObjectURL(blob);
        else saveBlob(fileName, blob);
        setDone(fileName);
      })
      .catch((e: Error) => {
        tab?.close();
        setError(e.message);
      })
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap="4" maxW="2xl" data-testid="course-export">
      <Heading size="lg">{t('coursesUi.export.title')}</Heading>
      <Text color="fg.muted">{t('coursesUi.export.about')}</Text>
      <Field.Root>
        <Field.Label>{t('coursesUi.field.course')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={state.id} onChange={(e) => (setState({ id: e.target.value }), setDone(null))} data-testid="export-course">
            <option value="">{t('coursesUi.schedule.chooseCourse')}</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.no} {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="blue" disabled={!course} loading={busy === 'save'} onClick={() => run('save')} data-testid="export-download">
          <Download size={16} /> {t('coursesUi.export.download')}
        </Button>
        <Button variant="outline" disabled={!course} loading={busy === 'open'} onClick={() => run('open')} data-testid="export-open">
          <ExternalLink size={16} /> {t('coursesUi.export.open')}
        </Button>
      </Flex>
      {error && (
        <Box color="fg.error" role="alert" data-testid="export-error">
          {error}
        </Box>
      )}
      {done && (
        <Text color="fg.success" data-testid="export-done">
          {t('coursesUi.export.done', { name: done })}
        </Text>
      )}
    </Stack>
  );
}
