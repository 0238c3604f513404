import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Download, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { saveBlob } from '../../../components/list/download.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { applyLang } from '../../../i18n/index.ts';

/** The course's database id from `?id=`: a number, or a Course global id (base64 of `Course:<id>`). */
function courseNumber(id: string | null): number | null {
  if (!id) return null;
  if (/^\d+$/.test(id)) return Number(id);
  try {
    const [type, n] = atob(id).split(':');
    return type === 'Course' && n && /^\d+$/.test(n) ? Number(n) : null;
  } catch {
    return null;
  }
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; fileName: string; blob: Blob };

/**
 * 课程导出 (`/course-export?id=`): a page outside the layout (a link from the course list or
 * detail, or from outside) that fetches the course's PDF from the server with the session
 * (`/api/admin/course/export.htm`: details, lesson calendar with attendance, students with hours,
 * in the viewer's language) and saves it at once, with a button to save it again (the page's
 * policy allows no framed blob, so the PDF is not shown inline). A failure says the server's
 * message with a retry.
 */
export default function CourseExport() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = courseNumber(params.get('id'));
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (id == null) return undefined;
    let live = true;
    fetchDownload(`/api/admin/course/export.htm?id=${id}`, `course-${id}.pdf`)
      .then(({ fileName, blob }) => {
        if (!live) return;
        // The page's purpose: the file is saved at once; the button saves it again.
        saveBlob(fileName, blob);
        setLoaded({ state: 'ready', fileName, blob });
      })
      .catch((e: Error) => live && setLoaded({ state: 'failed', message: e.message }));
    return () => {
      live = false;
    };
  }, [id, attempt]);
  return (
    <Stack minH="100vh" bg="bg.canvas" p={{ base: '3', md: '6' }} gap="3" data-testid="course-export">
      <Flex align="center" gap="2" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => navigate('/course/list')} data-testid="export-back">
          <ArrowLeft size={16} /> {t('coursesUi.course.list')}
        </Button>
        <Heading size="lg" flex="1" minW="40">
          {t('coursesUi.export.title')}
        </Heading>
        <LanguageSwitch size="sm" onChange={(lang) => applyLang(lang)} />
        {loaded.state === 'ready' && (
          <Button size="sm" colorPalette="blue" onClick={() => saveBlob(loaded.fileName, loaded.blob)} data-testid="export-download">
            <Download size={16} /> {t('coursesUi.export.download')}
          </Button>
        )}
      </Flex>
      <Text color="fg.muted">{t('coursesUi.export.about')}</Text>
      {id == null ? (
        <Text color="fg.error" role="alert" data-testid="export-error">
          {t('coursesUi.export.noCourse')}
        </Text>
      ) : loaded.state === 'loading' ? (
        <Flex gap="2" align="center" data-testid="export-loading">
          <Spinner size="sm" /> {t('coursesUi.export.loading')}
        </Flex>
      ) : loaded.state === 'failed' ? (
        <Stack gap="2" align="start">
          <Text color="fg.error" role="alert" data-testid="export-error">
            {loaded.message}
          </Text>
          <Button size="sm" variant="outline" onClick={() => (setLoaded({ state: 'loading' }), setAttempt((n) => n + 1))} data-testid="export-retry">
            <RotateCw size={14} /> {t('coursesUi.export.retry')}
          </Button>
        </Stack>
      ) : (
        <Box p="4" borderWidth="1px" borderRadius="md" bg="bg.panel" data-testid="export-ready">
          <Text fontWeight="medium">{loaded.fileName}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('coursesUi.export.ready', { size: Math.max(1, Math.round(loaded.blob.size / 1024)) })}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
