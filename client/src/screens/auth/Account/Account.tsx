import { Box, Button, Field, Flex, Grid, Heading, Input, NativeSelect, SegmentGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { CalendarSync, KeyRound } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { applyLang } from '../../../i18n/index.ts';
import { ChangePasswordDialog } from '../../../layout/ChangePasswordDialog.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import { MyClassTimes } from '../../courses/index.ts';
import { IcsPanel } from '../../../components/calendar/IcsPanel.tsx';
import { accountRoute } from './Account.route.ts';
import { Sessions } from './Sessions.tsx';
import type { AccountLanguageMutation } from './__generated__/AccountLanguageMutation.graphql.ts';
import type { AccountProfileMutation } from './__generated__/AccountProfileMutation.graphql.ts';
import type { AccountQuery } from './__generated__/AccountQuery.graphql.ts';
import type { AccountZoneMutation } from './__generated__/AccountZoneMutation.graphql.ts';

const accountQuery = graphql`
  query AccountQuery {
    viewer {
      language
      timeZone {
        name
      }
      roles {
        id
        name
        nameEn
      }
      user {
        id
        account
        name
        nameEn
        email
        mobile
        sendMail
        department {
          name
          nameEn
        }
      }
    }
    timeZones(first: 500) {
      edges {
        node {
          name
          nameZh
          nameEn
          utcOffset
        }
      }
    }
    myIcsSubscription {
      state
    }
    ...Sessions_query
  }
`;

const profileMutation = graphql`
  mutation AccountProfileMutation($input: UpdateUserInfoInput!) {
    updateUserInfo(input: $input) {
      __typename
      ... on UpdateUserInfoPayload {
        user {
          id
          email
          mobile
          nameEn
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const languageMutation = graphql`
  mutation AccountLanguageMutation($input: SetLanguageInput!) {
    setLanguage(input: $input) {
      __typename
      ... on ViewerPayload {
        viewer {
          language
        }
        user {
          id
          language
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const zoneMutation = graphql`
  mutation AccountZoneMutation($input: SetTimeZoneInput!) {
    setTimeZone(input: $input) {
      __typename
      ... on ViewerPayload {
        viewer {
          timeZone {
            name
            nameZh
            nameEn
          }
        }
        user {
          id
          timeZone
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} aria-label={title} data-testid={testId}>
      <Heading size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * 账号安全 (`/security/account`): the viewer's own profile (contact details), password, the
 * sign-ins still alive (end another one), language and time zone, the calendar (ICS) link and
 * "my class times" (the course screens' MyClassTimes).
 */
export default function Account() {
  const { t } = useTranslation();
  const lang = useLang();
  const { queryRef } = useRouteQuery(accountRoute, {});
  const data = usePreloadedQuery<AccountQuery>(accountQuery, queryRef);
  const user = data.viewer.user;
  const [email, setEmail] = useState(user.email ?? '');
  const [mobile, setMobile] = useState(user.mobile ?? '');
  const [nameEn, setNameEn] = useState(user.nameEn ?? '');
  const [zone, setZone] = useState(data.viewer.timeZone?.name ?? sessionUser.get()?.timeZone ?? '');
  const [password, setPassword] = useState(false);
  const [ics, setIcs] = useState(false);
  const [classTimesKey, setClassTimesKey] = useState(0);
  const profile = useMutationAction<AccountProfileMutation>(profileMutation, (r) => r.updateUserInfo);
  const language = useMutationAction<AccountLanguageMutation>(languageMutation, (r) => r.setLanguage);
  const timeZone = useMutationAction<AccountZoneMutation>(zoneMutation, (r) => r.setTimeZone);
  const emailProblem = email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? t('contentUi.account.emailRule') : null;

  const saveProfile = () => {
    if (emailProblem) return;
    profile.run({ input: { email: email.trim() || null, mobile: mobile.trim() || null, nameEn: nameEn.trim() || null } }, { onDone: () => notify('success', t('contentUi.saved')) });
  };
  const chooseLanguage = (next: 'zh' | 'en') =>
    language.run(
      { input: { language: next === 'en' ? 'EN' : 'ZH' } },
      {
        onDone: () => {
          applyLang(next);
          const u = sessionUser.get();
          if (u) sessionUser.set({ ...u, language: next });
        },
      },
    );
  const chooseZone = (next: string) => {
    setZone(next);
    timeZone.run(
      { input: { timeZone: next } },
      {
        onDone: () => {
          const u = sessionUser.get();
          if (u) sessionUser.set({ ...u, timeZone: next });
          notify('success', t('contentUi.account.zoneSaved'));
        },
        onFailed: () => setZone(data.viewer.timeZone?.name ?? ''),
      },
    );
  };
  const zones = data.timeZones.edges.map((e) => e.node);

  return (
    <Stack gap="4" maxW="4xl" data-testid="account">
      <Heading size="lg">{t('contentUi.account.title')}</Heading>
      <Section title={t('contentUi.account.profile')} testId="account-profile">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          <Box>
            <Text fontSize="xs" color="fg.muted">
              {t('contentUi.account.name')}
            </Text>
            <Text>{user.name}</Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              {t('contentUi.account.account')}
            </Text>
            <Text>{user.account}</Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              {t('contentUi.account.department')}
            </Text>
            <Text>{user.department ? personName(user.department, lang) : '—'}</Text>
          </Box>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              {t('contentUi.account.roles')}
            </Text>
            <Text>{data.viewer.roles.map((r) => personName(r, lang)).join('、') || '—'}</Text>
          </Box>
          <Field.Root>
            <Field.Label>{t('contentUi.account.nameEn')}</Field.Label>
            <Input value={nameEn} onChange={(e) => setNameEn(e.target.value)} maxLength={100} data-testid="account-name-en" />
          </Field.Root>
          <Field.Root invalid={!!emailProblem}>
            <Field.Label>{t('contentUi.account.email')}</Field.Label>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={100} data-testid="account-email" />
            <Field.ErrorText>{emailProblem}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('contentUi.account.mobile')}</Field.Label>
            <Input value={mobile} inputMode="tel" onChange={(e) => setMobile(e.target.value)} maxLength={20} data-testid="account-mobile" />
          </Field.Root>
        </Grid>
        {profile.error && (
          <Text color="fg.error" mt="2" role="alert">
            {profile.error}
          </Text>
        )}
        <Flex justify="flex-end" mt="3">
          <Button colorPalette="blue" size="sm" onClick={saveProfile} loading={profile.busy} data-testid="account-profile-save">
            {t('contentUi.save')}
          </Button>
        </Flex>
      </Section>
      <Section title={t('contentUi.account.security')} testId="account-security">
        <Flex gap="3" align="center" wrap="wrap">
          <Text flex="1" minW="48" color="fg.muted">
            {t('contentUi.account.passwordHint')}
          </Text>
          <Button size="sm" variant="outline" onClick={() => setPassword(true)} data-testid="account-password">
            <KeyRound size={14} /> {t('contentUi.account.password')}
          </Button>
        </Flex>
      </Section>
      <Section title={t('contentUi.account.sessions')} testId="account-sessions-section">
        <Text fontSize="sm" color="fg.muted" mb="2">
          {t('contentUi.account.sessionsHint')}
        </Text>
        <Sessions query={data} />
      </Section>
      <Section title={t('contentUi.account.preferences')} testId="account-preferences">
        <Stack gap="4">
          <Field.Root>
            <Field.Label id="account-language-label">{t('contentUi.account.language')}</Field.Label>
            <SegmentGroup.Root value={lang} onValueChange={(e) => e.value && e.value !== lang && chooseLanguage(e.value as 'zh' | 'en')} aria-labelledby="account-language-label" size="sm" data-testid="account-language">
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'zh', label: '中文' },
                  { value: 'en', label: 'English' },
                ]}
              />
            </SegmentGroup.Root>
            {language.error && <Field.HelperText color="fg.error">{language.error}</Field.HelperText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('contentUi.account.zone')}</Field.Label>
            <NativeSelect.Root maxW="md" disabled={timeZone.busy}>
              <NativeSelect.Field value={zone} onChange={(e) => chooseZone(e.target.value)} data-testid="account-zone">
                {!zones.some((z) => z.name === zone) && <option value={zone}>{zone}</option>}
                {zones.map((z) => (
                  <option key={z.name} value={z.name}>
                    {`(UTC${z.utcOffset}) ${lang === 'en' ? z.nameEn : z.nameZh}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('contentUi.account.zoneHint')}</Field.HelperText>
            {timeZone.error && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {timeZone.error}
              </Text>
            )}
          </Field.Root>
        </Stack>
      </Section>
      <Section title={t('contentUi.account.ics')} testId="account-ics">
        <Flex gap="3" align="center" wrap="wrap">
          <Text flex="1" minW="48" color="fg.muted">
            {t(data.myIcsSubscription?.state === 'OPEN' ? 'contentUi.account.icsOpen' : 'contentUi.account.icsClosed')}
          </Text>
          <Button size="sm" variant="outline" onClick={() => setIcs(true)} data-testid="account-ics-open">
            <CalendarSync size={14} /> {t('contentUi.account.icsManage')}
          </Button>
        </Flex>
      </Section>
      {/* My class times (issue 21): a student's hours left and next lessons, a lecturer's next lessons; its own query. */}
      <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} aria-label={t('coursesUi.classTimes.title')} data-testid="account-class-times">
        <ErrorBoundary compact onRetry={() => setClassTimesKey((k) => k + 1)} resetKey={classTimesKey}>
          <Suspense fallback={<Spinner size="sm" />}>
            <MyClassTimes key={classTimesKey} userId={user.id} />
          </Suspense>
        </ErrorBoundary>
      </Box>
      {password && <ChangePasswordDialog onClose={() => setPassword(false)} />}
      {ics && <IcsPanel onClose={() => setIcs(false)} />}
    </Stack>
  );
}
