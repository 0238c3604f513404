import { Box, Container, EmptyState, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { applyLang, loadTexts } from '../../../i18n/index.ts';
import { useLang } from '../../../lib/useLang.ts';
import { RelayRoot } from '../../../relay/environment.tsx';
import { SchoolFacts } from '../SchoolDetails/SchoolFacts.tsx';
import type { SchoolPublicQuery } from './__generated__/SchoolPublicQuery.graphql.ts';

const publicQuery = graphql`
  query SchoolPublicQuery($databaseId: Int!) {
    publicSchool(databaseId: $databaseId) {
      name
      chineseName
      ...SchoolFacts_school
    }
  }
`;

function Facts({ databaseId }: { databaseId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  // A page outside the layout has no route loader: the query starts here (one request).
  const data = useLazyLoadQuery<SchoolPublicQuery>(publicQuery, { databaseId }, { fetchPolicy: 'store-or-network' });
  const school = data.publicSchool;
  useEffect(() => {
    document.title = school ? (lang === 'zh' && school.chineseName ? school.chineseName : school.name) : t('schoolsUi.details.notFound');
  }, [school, lang, t]);
  if (!school) return <NotFound />;
  return <SchoolFacts school={school} />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState.Root data-testid="school-not-found">
      <EmptyState.Content>
        <EmptyState.Title>{t('schoolsUi.details.notFound')}</EmptyState.Title>
        <EmptyState.Description>{t('schoolsUi.details.notFoundHint')}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * The public school page (`/school-details?id=<school number>`), outside the layout and without
 * login: the same facts and map as the staff page, without the staff-only remark; its texts are
 * the school area's group, loaded here in the page's language.
 */
export default function SchoolPublic() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const databaseId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const [ready, setReady] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void loadTexts(lang, ['schools-ui']).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [lang]);
  return (
    <Box minH="100vh" bg="bg.canvas" data-testid="school-public">
      <Box as="header" bg="bg.panel" borderBottomWidth="1px">
        <Container maxW="6xl" py="2">
          <Flex align="center" gap="2">
            <Logo size={28} />
            <Text fontWeight="semibold" flex="1">
              {ready ? t('schoolsUi.details.title') : ''}
            </Text>
            <LanguageSwitch onChange={(l) => void applyLang(l)} />
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" py="4">
        {!ready ? (
          <Skeleton height="240px" />
        ) : databaseId == null ? (
          <NotFound />
        ) : (
          <RelayRoot>
            <ErrorBoundary onRetry={() => setAttempt((a) => a + 1)} key={attempt}>
              <Suspense
                fallback={
                  <Stack gap="3">
                    <Skeleton height="60px" />
                    <Skeleton height="240px" />
                  </Stack>
                }
              >
                <Facts databaseId={databaseId} />
              </Suspense>
            </ErrorBoundary>
          </RelayRoot>
        )}
        {ready && (
          <Text as="footer" color="fg.subtle" fontSize="sm" mt="6" textAlign="center">
            {t('schoolsUi.details.publicFooter')}
          </Text>
        )}
      </Container>
    </Box>
  );
}
