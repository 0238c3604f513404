import { Badge as Tag, Box, Button, Field, Flex, Grid, Heading, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { ArrowLeft, Lock, Unlock } from 'lucide-react';
import { DateTime } from 'luxon';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import type { MutationParameters } from 'relay-runtime';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMenuParams } from '../../../layout/menu.ts';
import { formatDate } from '../../../lib/format.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { gradeName, PLATFORMS, SCHOOL_GRADES, schoolName } from '../../schools/index.ts';
import { ProgressBar, StateBadge } from '../ApplicationList/ApplicationList.tsx';
import { BOARDS, DOC_STATES, DOC_TYPES, INQUIRIES, INTERVIEWS, isRejection, logField, logValue, NEXT_STATES, SUBMIT_RESULTS, THIRD_INTERVIEWS, type AppState } from '../shared/codes.ts';
import { ApplicationDocuments } from './ApplicationDocuments.tsx';
import { applicationFormRoute } from './ApplicationForm.route.ts';
import type { ApplicationForm_fields$data, ApplicationForm_fields$key } from './__generated__/ApplicationForm_fields.graphql.ts';
import type { ApplicationFormQuery } from './__generated__/ApplicationFormQuery.graphql.ts';
import type { ApplicationFormStateMutation } from './__generated__/ApplicationFormStateMutation.graphql.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const formQuery = graphql`
  query ApplicationFormQuery($id: ID!) {
    viewer {
      write: can(right: "application.write")
      lock: can(right: "application.lock")
    }
    node(id: $id) {
      __typename
      ...ApplicationForm_fields @alias(as: "app")
    }
  }
`;

/** Every field the form shows, read by the form and by every mutation's answer. */
const fieldsFragment = graphql`
  fragment ApplicationForm_fields on Application {
    id
    state
    stateLabel
    rejectReason
    progress
    locked
    lockedAt
    lockedByName
    studentDocState
    interviewDocState
    parentDocState
    recommendDocState
    replenishDocState
    interview
    interviewAt
    inquiry
    thirdInterview
    submitResult
    board
    grade
    deadline
    platform
    orderNum
    year
    updatedAt
    archive {
      id
      name
      userName
    }
    school {
      id
      name
      chineseName
    }
    ...ApplicationDocuments_app
    logs {
      databaseId
      action
      field
      fromValue
      toValue
      note
      userName
      createdAt
    }
  }
`;

const stateMutation = graphql`
  mutation ApplicationFormStateMutation($input: UpdateApplicationStateInput!) {
    updateApplicationState(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const docStateMutation = graphql`
  mutation ApplicationFormDocStateMutation($input: UpdateApplicationDocStateInput!) {
    updateApplicationDocState(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const interviewMutation = graphql`
  mutation ApplicationFormInterviewMutation($input: UpdateApplicationInterviewInput!) {
    updateApplicationInterview(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const inquiryMutation = graphql`
  mutation ApplicationFormInquiryMutation($input: UpdateApplicationInquiryInput!) {
    updateApplicationInquiry(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const thirdInterviewMutation = graphql`
  mutation ApplicationFormThirdInterviewMutation($input: UpdateApplicationThirdInterviewInput!) {
    updateApplicationThirdInterview(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const submitResultMutation = graphql`
  mutation ApplicationFormSubmitResultMutation($input: UpdateApplicationSubmitResultInput!) {
    updateApplicationSubmitResult(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const boardMutation = graphql`
  mutation ApplicationFormBoardMutation($input: UpdateApplicationBoardInput!) {
    updateApplicationBoard(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const gradeMutation = graphql`
  mutation ApplicationFormGradeMutation($input: UpdateApplicationGradeInput!) {
    updateApplicationGrade(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const deadlineMutation = graphql`
  mutation ApplicationFormDeadlineMutation($input: UpdateApplicationDeadlineInput!) {
    updateApplicationDeadline(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const platformMutation = graphql`
  mutation ApplicationFormPlatformMutation($input: UpdateApplicationPlatformInput!) {
    updateApplicationPlatform(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const orderNumMutation = graphql`
  mutation ApplicationFormOrderNumMutation($input: UpdateApplicationOrderNumInput!) {
    updateApplicationOrderNum(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const lockMutation = graphql`
  mutation ApplicationFormLockMutation($input: LockApplicationInput!) {
    lockApplication(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const unlockMutation = graphql`
  mutation ApplicationFormUnlockMutation($input: UnlockApplicationInput!) {
    unlockApplication(input: $input) {
      __typename
      ... on ApplicationPayload {
        application {
          ...ApplicationForm_fields
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const MUTATIONS = {
  state: { mutation: stateMutation, field: 'updateApplicationState' },
  docState: { mutation: docStateMutation, field: 'updateApplicationDocState' },
  interview: { mutation: interviewMutation, field: 'updateApplicationInterview' },
  inquiry: { mutation: inquiryMutation, field: 'updateApplicationInquiry' },
  thirdInterview: { mutation: thirdInterviewMutation, field: 'updateApplicationThirdInterview' },
  submitResult: { mutation: submitResultMutation, field: 'updateApplicationSubmitResult' },
  board: { mutation: boardMutation, field: 'updateApplicationBoard' },
  grade: { mutation: gradeMutation, field: 'updateApplicationGrade' },
  deadline: { mutation: deadlineMutation, field: 'updateApplicationDeadline' },
  platform: { mutation: platformMutation, field: 'updateApplicationPlatform' },
  orderNum: { mutation: orderNumMutation, field: 'updateApplicationOrderNum' },
  lock: { mutation: lockMutation, field: 'lockApplication' },
  unlock: { mutation: unlockMutation, field: 'unlockApplication' },
} as const;

type App = ApplicationForm_fields$data;
type Answer = { readonly __typename: string; readonly message?: string };
type MutationKey = keyof typeof MUTATIONS;

function Setter({
  id,
  label,
  value,
  options,
  kind,
  input,
  disabled,
  testId,
  onError,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  kind: MutationKey;
  input: (v: string) => Record<string, unknown>;
  disabled: boolean;
  testId: string;
  onError: (m: string | null) => void;
}) {
  const { t } = useTranslation();
  const action = useMutationAction<MutationParameters, Answer>(MUTATIONS[kind].mutation, (r) => (r as Record<string, Answer>)[MUTATIONS[kind].field]!);
  useEffect(() => onError(action.error), [action.error, onError]);
  return (
    // The label keeps its colour when the field is read-only (a dimmed label fails contrast).
    <Field.Root disabled={disabled || action.busy}>
      <Field.Label htmlFor={testId} _disabled={{ opacity: 1 }}>
        {label}
      </Field.Label>
      <ChoiceSelect size="sm" id={testId} value={value} onChange={(v) => action.run({ input: { id, ...input(v) } }, { onDone: () => notify('success', t('schoolsUi.app.saved')) })} testId={testId} options={options} />
    </Field.Root>
  );
}

function StateDialog({ app, to, student, school, onClose }: { app: App; to: AppState; student: string; school: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useMutationAction<ApplicationFormStateMutation>(stateMutation, (r) => r.updateApplicationState);
  const rejection = isRejection(to);
  return (
    <ConfirmDialog
      title={t('schoolsUi.app.stateTitle', { state: t(`schoolsUi.state.${to}`) })}
      message={
        <>
          {t('schoolsUi.app.stateMessage', { student, school, from: t(`schoolsUi.state.${app.state as AppState}`), to: t(`schoolsUi.state.${to}`) })}
          {rejection && (
            <Text as="span" display="block" color="fg.muted" fontSize="sm" mt="1">
              {t('schoolsUi.app.finalHint')}
            </Text>
          )}
        </>
      }
      confirmLabel={t('schoolsUi.app.changeState', { state: t(`schoolsUi.state.${to}`) })}
      destructive={rejection}
      busy={action.busy}
      error={action.error}
      onClose={onClose}
      onConfirm={() => {
        if (rejection && !reason.trim()) return setProblem(t('schoolsUi.app.reasonRequired'));
        action.run({ input: { id: app.id, state: to, ...(rejection ? { reason: reason.trim() } : {}) } }, { onDone: () => (notify('success', t('schoolsUi.app.saved')), onClose()) });
      }}
      testId="app-state-dialog"
    >
      {rejection && (
        <Field.Root invalid={!!problem} required>
          <Field.Label htmlFor="app-reason">
            {t('schoolsUi.app.reason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea id="app-reason" rows={3} value={reason} onChange={(e) => (setReason(e.target.value), e.target.value.trim() && setProblem(null))} data-testid="app-reason" />
          {problem && <Field.ErrorText data-testid="app-reason-error">{problem}</Field.ErrorText>}
        </Field.Root>
      )}
    </ConfirmDialog>
  );
}

function Timeline({ app }: { app: App }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4" aria-labelledby="app-timeline-title">
      <Heading as="h2" size="md" mb="3" id="app-timeline-title">
        {t('schoolsUi.app.timeline')}
      </Heading>
      {app.logs.length === 0 ? (
        <Text color="fg.subtle">{t('schoolsUi.app.noLogs')}</Text>
      ) : (
        <Stack as="ol" gap="0" data-testid="app-timeline">
          {app.logs.map((l) => (
            <Flex as="li" key={l.databaseId} gap="3" listStyleType="none" data-testid="app-log">
              <Flex direction="column" align="center" pt="1.5">
                <Box boxSize="2.5" borderRadius="full" bg="bg.accent" flexShrink={0} />
                <Box flex="1" w="1px" bg="border" minH="4" />
              </Flex>
              <Box pb="3" minW="0">
                <Text fontSize="sm">
                  {l.action === 'LOCK' || l.action === 'UNLOCK' || l.action === 'CREATE'
                    ? t(`schoolsUi.action.${l.action}`)
                    : t('schoolsUi.app.logLine', {
                        field: logField(l.field ?? null, l.action, t),
                        from: logValue(l.field ?? null, l.action, l.fromValue ?? null, t),
                        to: logValue(l.field ?? null, l.action, l.toValue ?? null, t),
                      })}
                </Text>
                {l.note && (
                  <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
                    {l.note}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.subtle">
                  {[l.userName, fmt.dateTime(l.createdAt as string)].filter(Boolean).join(' · ')}
                </Text>
              </Box>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Form({ app, canWrite, canLock }: { app: App; canWrite: boolean; canLock: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<AppState | null>(null);
  const [order, setOrder] = useState(String(app.orderNum));
  const [interviewDay, setInterviewDay] = useState(app.interviewAt ? DateTime.fromISO(app.interviewAt as string, { zone: fmt.zone ?? 'local' }).toFormat('yyyy-MM-dd') : '');
  const [interviewTime, setInterviewTime] = useState(app.interviewAt ? DateTime.fromISO(app.interviewAt as string, { zone: fmt.zone ?? 'local' }).toFormat('HH:mm') : '');
  const lockAction = useMutationAction<MutationParameters, Answer>(app.locked ? unlockMutation : lockMutation, (r) => (r as Record<string, Answer>)[app.locked ? 'unlockApplication' : 'lockApplication']!);
  const orderAction = useMutationAction<MutationParameters, Answer>(orderNumMutation, (r) => (r as Record<string, Answer>).updateApplicationOrderNum!);
  const deadlineAction = useMutationAction<MutationParameters, Answer>(deadlineMutation, (r) => (r as Record<string, Answer>).updateApplicationDeadline!);
  const interviewAction = useMutationAction<MutationParameters, Answer>(interviewMutation, (r) => (r as Record<string, Answer>).updateApplicationInterview!);
  const student = lang === 'en' && app.archive?.userName ? app.archive.userName : (app.archive?.name ?? '');
  const school = schoolName(app.school, lang);
  useEffect(() => {
    titleView(`/application-progress/form/${app.id}`, { zh: `${app.archive?.name ?? ''} · ${app.school.chineseName || app.school.name}`, en: `${app.archive?.userName || app.archive?.name || ''} · ${app.school.name}` });
  }, [app.id, app.archive, app.school]);
  const state = app.state as AppState;
  const closed = isRejection(state);
  const editable = canWrite && !app.locked;
  const progressEditable = editable && !closed;
  const shownError = error ?? lockAction.error ?? orderAction.error ?? deadlineAction.error ?? interviewAction.error;
  const opts = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  const saved = () => notify('success', t('schoolsUi.app.saved'));
  const setter = (key: string, label: string, value: string, options: ReadonlyArray<{ value: string; label: string }>, kind: MutationKey, input: (v: string) => Record<string, unknown>): ReactNode => (
    <Setter key={key} id={app.id} label={label} value={value} options={options} kind={kind} input={input} disabled={!progressEditable} testId={`app-${key}`} onError={setError} />
  );
  const withNone = (list: ReadonlyArray<{ value: string; label: string }>) => [{ value: '', label: t('schoolsUi.f.notSet') }, ...list];
  return (
    <Stack gap="4" data-testid="app-form">
      <Link color="fg.link" fontSize="sm" href="#/application-progress" onClick={(e) => (e.preventDefault(), navigate('/application-progress'))}>
        <ArrowLeft size={14} aria-hidden /> {t('schoolsUi.app.back')}
      </Link>
      <Flex gap="3" align="center" wrap="wrap">
        <Box flex="1" minW="48">
          <Heading as="h1" size="lg" data-testid="app-title">
            {t('schoolsUi.app.formTitle', { student, school })}
          </Heading>
          <Flex gap="2" align="center" mt="1" wrap="wrap">
            <StateBadge state={state} />
            {app.locked && (
              <Tag colorPalette="gray" variant="outline">
                <Lock size={10} aria-hidden /> {t('schoolsUi.app.locked')}
              </Tag>
            )}
            <Box w="40">
              <ProgressBar value={app.progress} label={t('schoolsUi.app.progress')} />
            </Box>
          </Flex>
        </Box>
        <Flex gap="2" wrap="wrap">
          {editable &&
            NEXT_STATES[state].map((s) => (
              <Button
                key={s}
                size="sm"
                variant={s === 'APPROVED' ? 'solid' : 'outline'}
                colorPalette={s === 'APPROVED' ? 'green' : isRejection(s) ? 'red' : 'blue'}
                onClick={() => setMoving(s)}
                data-testid={`app-to-${s}`}
              >
                {t('schoolsUi.app.changeState', { state: t(`schoolsUi.state.${s}`) })}
              </Button>
            ))}
          {canLock && (
            <Button size="sm" variant="outline" loading={lockAction.busy} onClick={() => lockAction.run({ input: { id: app.id } }, { onDone: saved })} data-testid={app.locked ? 'app-unlock' : 'app-lock'}>
              {app.locked ? <Unlock size={14} /> : <Lock size={14} />} {t(app.locked ? 'schoolsUi.app.unlock' : 'schoolsUi.app.lock')}
            </Button>
          )}
        </Flex>
      </Flex>
      {app.locked && (
        <Text color="fg.warning" data-testid="app-locked-hint">
          {t('schoolsUi.app.lockedHint', { who: app.lockedByName ?? '', when: app.lockedAt ? fmt.dateTime(app.lockedAt as string) : '' })}
        </Text>
      )}
      {!app.locked && closed && (
        <Text color="fg.muted" data-testid="app-closed-hint">
          {t('schoolsUi.app.closedHint')}
        </Text>
      )}
      {app.rejectReason && <Text data-testid="app-reject-reason">{t('schoolsUi.app.rejectReason', { reason: app.rejectReason })}</Text>}
      <FormError message={shownError} testId="app-error" />
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4" aria-labelledby="app-fields-title">
          <Heading as="h2" size="md" mb="3" id="app-fields-title">
            {t('schoolsUi.app.fields')}
          </Heading>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
            {DOC_TYPES.map((d) => {
              const key = `${d.toLowerCase()}DocState` as 'studentDocState';
              return setter(`doc-${d}`, t(`schoolsUi.doc.${d}`), app[key], opts(DOC_STATES, 'schoolsUi.docState'), 'docState', (v) => ({ docType: d, state: v }));
            })}
            {setter('inquiry', t('archivesUi.batch.field.inquiry'), app.inquiry, opts(INQUIRIES, 'archivesUi.batch.inquiry'), 'inquiry', (v) => ({ inquiry: v }))}
            {setter('thirdInterview', t('archivesUi.batch.field.thirdInterview'), app.thirdInterview, opts(THIRD_INTERVIEWS, 'archivesUi.batch.thirdInterview'), 'thirdInterview', (v) => ({ thirdInterview: v }))}
            {setter('submitResult', t('archivesUi.batch.field.submitResult'), app.submitResult, opts(SUBMIT_RESULTS, 'archivesUi.batch.submitResult'), 'submitResult', (v) => ({ submitResult: v }))}
            {setter('board', t('schoolsUi.app.board'), app.board ?? '', withNone(opts(BOARDS, 'schoolsUi.board')), 'board', (v) => ({ board: v || null }))}
            {setter('grade', t('schoolsUi.app.grade'), app.grade == null ? '' : String(app.grade), withNone(SCHOOL_GRADES.map((g) => ({ value: String(g), label: gradeName(g, t) }))), 'grade', (v) => ({
              grade: v ? Number(v) : null,
            }))}
            {setter('platform', t('schoolsUi.app.platform'), app.platform ?? '', withNone(opts(PLATFORMS, 'schoolsUi.platform')), 'platform', (v) => ({ platform: v || null }))}
            <Field.Root>
              <Field.Label>{t('schoolsUi.app.deadline')}</Field.Label>
              <DateField
                value={(app.deadline as string | null) ?? ''}
                onChange={(v) => v !== (app.deadline ?? '') && deadlineAction.run({ input: { id: app.id, deadline: v || null } }, { onDone: saved })}
                label={t('schoolsUi.app.deadline')}
                size="sm"
                disabled={!progressEditable}
                testId="app-deadline"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label htmlFor="app-order">{t('schoolsUi.app.order')}</Field.Label>
              <Input
                id="app-order"
                size="sm"
                inputMode="numeric"
                value={order}
                onChange={(e) => setOrder(e.target.value)}
                onBlur={() => /^\d+$/.test(order) && Number(order) !== app.orderNum && orderAction.run({ input: { id: app.id, orderNum: Number(order) } }, { onDone: saved })}
                onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
                disabled={!progressEditable || orderAction.busy}
                data-testid="app-order"
              />
            </Field.Root>
          </Grid>
          <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" mt="4">
            <Text as="legend" px="1" fontWeight="semibold">
              {t('archivesUi.batch.field.interview')}
            </Text>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="3" alignItems="end">
              <Field.Root disabled={!progressEditable || interviewAction.busy}>
                <Field.Label htmlFor="app-interview" _disabled={{ opacity: 1 }}>
                  {t('archivesUi.batch.field.interview')}
                </Field.Label>
                <ChoiceSelect
                  size="sm"
                  id="app-interview"
                  value={app.interview}
                  onChange={(interview) => interviewAction.run({ input: { id: app.id, interview, interviewAt: app.interviewAt ?? null } }, { onDone: saved })}
                  options={INTERVIEWS.map((v) => ({ value: v, label: t(`archivesUi.batch.interview.${v}`) }))}
                  testId="app-interview"
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('schoolsUi.app.interviewDay')}</Field.Label>
                <DateField size="sm" value={interviewDay} onChange={setInterviewDay} label={t('schoolsUi.app.interviewDay')} disabled={!progressEditable} testId="app-interview-day" />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('schoolsUi.app.interviewAt')}</Field.Label>
                <TimeField size="sm" value={interviewTime} onChange={setInterviewTime} label={t('schoolsUi.app.interviewAt')} disabled={!progressEditable} testId="app-interview-time" />
              </Field.Root>
            </Grid>
            <Flex justify="flex-end" mt="2">
              <Button
                size="sm"
                variant="outline"
                disabled={!progressEditable || !interviewDay || !interviewTime}
                loading={interviewAction.busy}
                onClick={() => {
                  const at = DateTime.fromISO(`${interviewDay}T${interviewTime}`, { zone: fmt.zone ?? 'local' });
                  interviewAction.run({ input: { id: app.id, interview: app.interview === 'NONE' || app.interview === 'TO_ARRANGE' ? 'ARRANGED' : app.interview, interviewAt: at.toUTC().toISO() } }, { onDone: saved });
                }}
                data-testid="app-interview-save"
              >
                {t('schoolsUi.app.apply')}
              </Button>
            </Flex>
          </Box>
          {app.deadline && (
            <Text fontSize="xs" color="fg.subtle" mt="2">
              {`${t('schoolsUi.app.deadline')}: ${formatDate(app.deadline as string, lang, 'UTC')}`}
            </Text>
          )}
        </Box>
        <Timeline app={app} />
      </Grid>
      <ApplicationDocuments app={app} editable={editable} />
      {moving && <StateDialog app={app} to={moving} student={student} school={school} onClose={() => setMoving(null)} />}
    </Stack>
  );
}

/**
 * 编辑申请进度 (`/application-progress/form/:id`): one application with its state (moves the
 * server allows; a rejection asks its reason), each document, interview, inquiry, submission,
 * board, grade, platform, deadline and order change as its own action with its log line in the
 * timeline; lock and unlock for managers; a locked application reads only (docs/schools-ui.md).
 */
export default function ApplicationForm() {
  const { t } = useTranslation();
  const params = useMenuParams();
  const { queryRef } = useRouteQuery(applicationFormRoute, { id: params.id ?? '' });
  const data = usePreloadedQuery<ApplicationFormQuery>(formQuery, queryRef);
  const ref = data.node?.app;
  if (!ref) {
    return (
      <Text p="10" textAlign="center" data-testid="app-not-found">
        {t('schoolsUi.app.notFound')}
      </Text>
    );
  }
  return <Loaded app={ref} canWrite={data.viewer.write} canLock={data.viewer.lock} />;
}

function Loaded({ app: key, canWrite, canLock }: { app: ApplicationForm_fields$key; canWrite: boolean; canLock: boolean }) {
  const app = useFragment(fieldsFragment, key);
  return <Form app={app} canWrite={canWrite} canLock={canLock} />;
}
