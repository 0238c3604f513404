import { Box, Flex, Grid, Heading, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { formatDate } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { Badge } from '../shared/Badge.tsx';
import { countryName } from '../shared/codes.ts';
import type { SchoolFacts_school$key } from './__generated__/SchoolFacts_school.graphql.ts';

// The map library (Leaflet) is loaded only when a school page shows a map.
const SchoolMap = lazy(() => import('./SchoolMap.tsx'));

/** Every fact of a school both the staff details page and the public page show. */
const factsFragment = graphql`
  fragment SchoolFacts_school on School {
    id
    databaseId
    name
    chineseName
    abbreviation
    badgeUrl
    url
    sex
    foundedYear
    motto
    summary
    dayGrades
    boardingGrades
    studentCount
    boarderRatio
    overseasRatio
    country
    province
    city
    address
    latitude
    longitude
    setting
    nearestAirport
    airportDistance
    dressCode
    clubs
    arts
    dormitory
    dining
    weekendActivities
    sports {
      databaseId
      gender
      season
      name
    }
    toeflAverage
    ssatAverage
    acceptanceRate
    interviewRequired
    applicationFee
    tuition
    tuitionDay
    currency
    platforms {
      platform
      url
      note
    }
    deadlines {
      kind
      deadline
      platform
      note
    }
    ap
    apCourseCount
    honorsCourseCount
    courseCount
    studentTeacherRatio
    averageClassSize
    advancedDegreeRatio
    curriculumNote
    fund
    landAcres
    libraryVolumes
    facilities
    summerProgram
    rankings {
      source
      year
      rank
    }
  }
`;

type Fact = [label: string, value: ReactNode];

function Section({ title, facts, children, testId }: { title: string; facts?: Fact[]; children?: ReactNode; testId: string }) {
  const shown = (facts ?? []).filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (!shown.length && !children) return null;
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <Heading as="h2" size="md" mb="3" id={`${testId}-title`}>
        {title}
      </Heading>
      {shown.length > 0 && (
        <Grid as="dl" templateColumns={{ base: '1fr', md: 'minmax(8rem, max-content) 1fr' }} columnGap="4" rowGap={{ base: '0', md: '2' }}>
          {shown.map(([label, value]) => (
            <Box key={label} display="contents">
              <Text as="dt" color="fg.muted" fontSize="sm" mt={{ base: '2', md: '0' }}>
                {label}
              </Text>
              <Text as="dd" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {value}
              </Text>
            </Box>
          ))}
        </Grid>
      )}
      {children}
    </Box>
  );
}

/**
 * The facts of a school, in sections (basic, geography with the map, daily life with sports,
 * admissions with platforms and deadlines, teaching, resources, rankings). Shared by the staff
 * details page and the public /school-details page (which has no staff-only remark).
 */
export function SchoolFacts({ school: key, actions }: { school: SchoolFacts_school$key; actions?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const s = useFragment(factsFragment, key);
  const pct = (v: number | null | undefined) => (v == null ? null : `${v}%`);
  const money = (v: number | null | undefined) => (v == null ? null : `${v.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')}${s.currency ? ` ${s.currency}` : ''}`);
  const yesNo = (v: boolean | null | undefined) => (v == null ? null : t(v ? 'schoolsUi.yes' : 'schoolsUi.no'));
  const title = lang === 'zh' && s.chineseName ? s.chineseName : s.name;
  // In English the Chinese name is left out (the page reads in one language); in Chinese the English name follows.
  const subtitle = [lang === 'zh' && s.chineseName ? s.name : null, s.abbreviation].filter(Boolean).join(' · ');
  const place = [s.city, s.province, countryName(s.country, t)].filter(Boolean).join(', ');
  const hasPosition = s.latitude != null && s.longitude != null;
  return (
    <Stack gap="4" data-testid="school-facts">
      <Flex gap="3" align="center" wrap="wrap">
        <Badge url={s.badgeUrl} name={s.name} size={56} />
        <Box flex="1" minW="48">
          <Heading as="h1" size="xl" data-testid="school-title">
            {title}
          </Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          <Text color="fg.muted" fontSize="sm">
            {[place, t(`schoolsUi.sex.${s.sex}`), s.boardingGrades ?? s.dayGrades].filter(Boolean).join(' · ')}
          </Text>
        </Box>
        {actions}
      </Flex>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <Stack gap="4" minW="0">
          <Section
            title={t('schoolsUi.section.basic')}
            testId="facts-basic"
            facts={[
              [t('schoolsUi.f.foundedYear'), s.foundedYear],
              [t('schoolsUi.f.motto'), s.motto],
              [t('schoolsUi.f.summary'), s.summary],
              [t('schoolsUi.f.dayGrades'), s.dayGrades],
              [t('schoolsUi.f.boardingGrades'), s.boardingGrades],
              [t('schoolsUi.f.studentCount'), s.studentCount],
              [t('schoolsUi.f.boarderRatio'), pct(s.boarderRatio)],
              [t('schoolsUi.f.overseasRatio'), pct(s.overseasRatio)],
              [
                t('schoolsUi.f.url'),
                s.url ? (
                  <Link href={s.url} target="_blank" rel="noopener noreferrer" color="fg.link">
                    {s.url}
                  </Link>
                ) : null,
              ],
            ]}
          />
          <Section
            title={t('schoolsUi.section.recruit')}
            testId="facts-recruit"
            facts={[
              [t('schoolsUi.f.toeflAverage'), s.toeflAverage],
              [t('schoolsUi.f.ssatAverage'), s.ssatAverage],
              [t('schoolsUi.f.acceptanceRate'), pct(s.acceptanceRate)],
              [t('schoolsUi.f.interviewRequired'), yesNo(s.interviewRequired)],
              [t('schoolsUi.f.applicationFee'), money(s.applicationFee)],
              [t('schoolsUi.f.tuition'), money(s.tuition)],
              [t('schoolsUi.f.tuitionDay'), money(s.tuitionDay)],
              [t('schoolsUi.section.platforms'), s.platforms.map((p) => t(`schoolsUi.platform.${p.platform}`)).join(', ')],
            ]}
          >
            {s.deadlines.length > 0 && (
              <Table.Root size="sm" mt="3" aria-label={t('schoolsUi.section.deadlines')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('schoolsUi.f.deadlineKind')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('schoolsUi.f.deadline')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('schoolsUi.f.platform')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {s.deadlines.map((d, i) => (
                    <Table.Row key={i}>
                      <Table.Cell>{t(`schoolsUi.deadline.${d.kind}`)}</Table.Cell>
                      <Table.Cell>{formatDate(d.deadline as string, lang, 'UTC')}</Table.Cell>
                      <Table.Cell>{d.platform ? t(`schoolsUi.platform.${d.platform}`) : ''}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Section>
          <Section
            title={t('schoolsUi.section.daily')}
            testId="facts-daily"
            facts={[
              [t('schoolsUi.f.dressCode'), s.dressCode ? t(`schoolsUi.dress.${s.dressCode}`) : null],
              [t('schoolsUi.f.clubs'), s.clubs],
              [t('schoolsUi.f.arts'), s.arts],
              [t('schoolsUi.f.dormitory'), s.dormitory],
              [t('schoolsUi.f.dining'), s.dining],
              [t('schoolsUi.f.weekendActivities'), s.weekendActivities],
              [t('schoolsUi.section.sports'), s.sports.length ? s.sports.map((sp) => `${sp.name} (${t(`schoolsUi.sportGender.${sp.gender}`)}, ${t(`schoolsUi.season.${sp.season}`)})`).join('; ') : null],
            ]}
          />
          <Section
            title={t('schoolsUi.section.teaching')}
            testId="facts-teaching"
            facts={[
              [t('schoolsUi.f.ap'), s.ap ? t('schoolsUi.yes') : null],
              [t('schoolsUi.f.apCourseCount'), s.apCourseCount],
              [t('schoolsUi.f.honorsCourseCount'), s.honorsCourseCount],
              [t('schoolsUi.f.courseCount'), s.courseCount],
              [t('schoolsUi.f.studentTeacherRatio'), s.studentTeacherRatio],
              [t('schoolsUi.f.averageClassSize'), s.averageClassSize],
              [t('schoolsUi.f.advancedDegreeRatio'), pct(s.advancedDegreeRatio)],
              [t('schoolsUi.f.curriculumNote'), s.curriculumNote],
            ]}
          />
          <Section
            title={t('schoolsUi.section.resource')}
            testId="facts-resource"
            facts={[
              [t('schoolsUi.f.fund'), s.fund],
              [t('schoolsUi.f.landAcres'), s.landAcres],
              [t('schoolsUi.f.libraryVolumes'), s.libraryVolumes],
              [t('schoolsUi.f.facilities'), s.facilities],
              [t('schoolsUi.f.summerProgram'), s.summerProgram],
            ]}
          />
          <Section title={t('schoolsUi.section.sequence')} testId="facts-sequence" facts={s.rankings.map((r) => [`${r.source} ${r.year}`, `#${r.rank}`] as Fact)} />
        </Stack>
        <Stack gap="4" minW="0">
          <Section
            title={t('schoolsUi.section.geography')}
            testId="facts-geography"
            facts={[
              [t('schoolsUi.f.address'), s.address],
              [t('schoolsUi.f.city'), s.city],
              [t('schoolsUi.f.setting'), s.setting ? t(`schoolsUi.setting.${s.setting}`) : null],
              [t('schoolsUi.f.nearestAirport'), s.nearestAirport],
              [t('schoolsUi.f.airportDistance'), s.airportDistance],
            ]}
          >
            <Box mt="3">
              {hasPosition ? (
                <Suspense fallback={<Skeleton height="280px" borderRadius="md" />}>
                  <SchoolMap latitude={s.latitude!} longitude={s.longitude!} name={title} address={[s.address, place].filter(Boolean).join(', ')} />
                </Suspense>
              ) : (
                <Text color="fg.subtle" fontSize="sm" data-testid="school-no-position">
                  {t('schoolsUi.details.noPosition')}
                </Text>
              )}
            </Box>
          </Section>
        </Stack>
      </Grid>
    </Stack>
  );
}
