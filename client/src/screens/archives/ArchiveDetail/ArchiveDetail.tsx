import { Badge, Box, Button, Card, Checkbox, DataList, Fieldset, Flex, Grid, Heading, HStack, Input, Link, Menu, NativeSelect, Portal, Stack, Table, Text, Textarea, Field } from '@chakra-ui/react';
import { ArrowLeft, ChartGantt, ChevronDown, ListChecks, Lock } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useFragment, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useNavigate } from 'react-router';
import { findByPath, useMenu, useMenuParams } from '../../../layout/menu.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { saveBlob } from '../../../components/list/download.ts';
import { notify } from '../../../components/toaster.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useIsMobile } from '../../../lib/useMedia.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { ActDialog } from '../shared/ActDialog.tsx';
import { AssignStaffDialog } from '../shared/AssignStaffDialog.tsx';
import { ApplyingBadge, LockBadge, StatusBadge, VerificationBadge } from '../shared/badges.tsx';
import { actsFor, gradeLabel, GRADES, type Act, type ArchiveRights } from '../shared/codes.ts';
import { DETAIL_SECTIONS } from '../shared/fields.ts';
import { useArchiveRights } from '../shared/rights.ts';
import { ModuleNamesProvider, useTopModules } from '../shared/moduleNames.tsx';
import { archiveDetailRoute } from './ArchiveDetail.route.ts';
import { moduleFor, useLatestVerification, VerificationCard } from './ArchiveDetailVerification.tsx';
import { SectionView } from './sections/index.ts';
import { PrivacyMenu } from './PrivacyMenu.tsx';
// The student's selection lists (the school screens, docs/schools-ui.md), loaded when opened.
import { SelectionListsDialog } from '../../schools/index.ts';
import type { ArchiveDetailQuery } from './__generated__/ArchiveDetailQuery.graphql.ts';
import type { ArchiveDetail_archive$data, ArchiveDetail_archive$key } from './__generated__/ArchiveDetail_archive.graphql.ts';
import type { ArchiveDetailBackupQuery } from './__generated__/ArchiveDetailBackupQuery.graphql.ts';
import type { ArchiveDetailOverviewMutation } from './__generated__/ArchiveDetailOverviewMutation.graphql.ts';
import type { ArchiveDetailSubmitMutation } from './__generated__/ArchiveDetailSubmitMutation.graphql.ts';
import { AFTER_SAVE } from '../../../lib/dirty.ts';

const detailQuery = graphql`
  query ArchiveDetailQuery($id: ID!) {
    viewer {
      ...rights_viewer
    }
    ...moduleNames_query
    node(id: $id) {
      __typename
      ...ArchiveDetail_archive @alias(as: "archive")
    }
  }
`;

const archiveFragment = graphql`
  fragment ArchiveDetail_archive on Archive {
    id
    databaseId
    name
    userName
    status
    applyingStatus
    applicationType
    locked
    legalHold
    erasedAt
    canRequestPrivacy
    grade
    year
    remark
    createdAt
    updatedAt
    createdBy {
      id
      name
      nameEn
    }
    ...AssignStaffDialog_staff @relay(mask: false)
    parent {
      id
      name
      nameEn
    }
    permissions {
      code
      name
      read
      edit
    }
    accessLog(first: 30) {
      account
      createdAt
      door
      fields
      section
    }
    ...ArchiveDetailVerification_archive
    ...BioSection_archive
    ...EducationsSection_archive
    ...FamilySection_archive
    ...FamilyMembersSection_archive
    ...RewardProjectsSection_archive
    ...AwardsSection_archive
    ...VericantSection_archive
    ...ToeflJuniorSection_archive
    ...ToeflSection_archive
    ...SsatSection_archive
    ...VariousExamsSection_archive
    ...ApplicationAccountsSection_archive
    ...CardsSection_archive
    ...RecommendersSection_archive
    ...MultimediaSection_archive
    ...RelativesSection_archive
    ...EssaysSection_archive
    ...SurveySection_archive
    ...ApplyInformationSection_archive
    ...OthersSection_archive
    ...WritingsSection_archive
  }
`;

const overviewMutation = graphql`
  mutation ArchiveDetailOverviewMutation($input: UpdateArchiveInput!) {
    updateArchive(input: $input) {
      __typename
      ... on ArchivePayload {
        archive {
          id
          grade
          year
          applicationType
          remark
          updatedAt
          ...ArchiveDetailVerification_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const submitMutation = graphql`
  mutation ArchiveDetailSubmitMutation($input: CreateArchiveVerificationInput!) {
    createArchiveVerification(input: $input) {
      __typename
      ... on ArchiveVerificationPayload {
        archive {
          id
          ...ArchiveDetailVerification_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const backupQuery = graphql`
  query ArchiveDetailBackupQuery($id: ID!) {
    archiveBackup(id: $id) {
      __typename
      ... on ArchiveBackup {
        json
      }
      ... on Error {
        message
      }
    }
  }
`;

type Archive = ArchiveDetail_archive$data;
type Answer = { readonly __typename: string; readonly message?: string };

/** The status steps that move an archive forward: the one shown as the solid button. */
const FORWARD: Act[] = ['publish', 'resume', 'reopen'];
const STATUS_ORDER: Act[] = ['publish', 'resume', 'reopen', 'suspend', 'archive', 'suspendApplying', 'resumeApplying', 'stopApplying', 'restartApplying', 'lock', 'unlock', 'delete'];

function Header({
  archive,
  rights,
  onAct,
  onAssign,
  onSubmit,
  onBackup,
  onErased,
  verificationStatus,
}: {
  archive: Archive;
  rights: ArchiveRights;
  onAct: (act: Act) => void;
  onAssign: () => void;
  onSubmit: () => void;
  onBackup: () => void;
  onErased: () => void;
  verificationStatus: string | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const lang = useLang();
  const acts = actsFor(archive, rights).sort((a, b) => STATUS_ORDER.indexOf(a) - STATUS_ORDER.indexOf(b));
  // The solid button is the archive's main step forward (publish, resume, reopen); otherwise
  // submitting for verification. Pausing, filing and the applying states are secondary (issue 32 item 13).
  const status = acts.filter((a) => a !== 'delete' && a !== 'lock' && a !== 'unlock');
  const primary = status.find((a) => FORWARD.includes(a));
  const rest = status.filter((a) => a !== primary);
  const canSubmit = rights.changeStatus && !archive.locked;
  const more: Array<{ key: string; label: string; onSelect: () => void; danger?: boolean }> = [
    ...rest.map((a) => ({ key: a, label: t(`archivesUi.act.${a}`), onSelect: () => onAct(a) })),
    ...(rights.assign && !archive.locked ? [{ key: 'assign', label: t('archivesUi.act.assign'), onSelect: onAssign }] : []),
    ...(rights.backup ? [{ key: 'backup', label: t('archivesUi.act.backup'), onSelect: onBackup }] : []),
    ...acts.filter((a) => a === 'lock' || a === 'unlock' || a === 'delete').map((a) => ({ key: a, label: t(`archivesUi.act.${a}`), onSelect: () => onAct(a), danger: a === 'delete' })),
  ];
  return (
    <Stack gap="2" data-testid="archive-header">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" data-testid="archive-name">
          {archive.name}
          {archive.userName && archive.userName !== archive.name ? <Text as="span" color="fg.muted" fontWeight="normal" fontSize="lg">{` ${archive.userName}`}</Text> : null}
        </Heading>
        <HStack gap="1" wrap="wrap">
          <StatusBadge status={archive.status} />
          <ApplyingBadge status={archive.applyingStatus} />
          <LockBadge locked={archive.locked} />
          {verificationStatus && <VerificationBadge status={verificationStatus} />}
          {archive.legalHold && (
            <Badge colorPalette="purple" data-testid="legal-hold-badge">
              {t('archivesUi.privacy.holdBadge')}
            </Badge>
          )}
        </HStack>
        <Flex gap="2" ms="auto" wrap="wrap" align="center">
          {archive.canRequestPrivacy && <PrivacyMenu archive={archive} onErased={onErased} />}
          {primary && (
            <Button size="sm" colorPalette="blue" onClick={() => onAct(primary)} data-testid={`act-${primary}`} data-primary>
              {t(`archivesUi.act.${primary}`)}
            </Button>
          )}
          {canSubmit && (
            <Button size="sm" colorPalette={primary ? undefined : 'blue'} variant={primary ? 'outline' : 'solid'} onClick={onSubmit} data-testid="act-submit" data-primary={primary ? undefined : true}>
              {t('archivesUi.act.submit')}
            </Button>
          )}
          {more.length > 0 && (
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <Button size="sm" variant="outline" data-testid="act-more">
                  {t('archivesUi.act.more')} <ChevronDown size={14} />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {more.map((a) => (
                      <Menu.Item key={a.key} value={a.key} onSelect={a.onSelect} color={a.danger ? 'fg.error' : undefined} data-testid={`act-${a.key}`}>
                        {a.label}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </Flex>
      </Flex>
      {archive.erasedAt && (
        <Text color="fg.muted" fontSize="sm" role="status" data-testid="archive-erased-notice">
          {t('archivesUi.privacy.erasedNotice', { time: fmt.dateTime(archive.erasedAt as string) })}
        </Text>
      )}
      {archive.locked && (
        <Flex align="center" gap="2" color="fg.error" fontSize="sm" role="status" data-testid="archive-locked-notice">
          <Lock size={14} aria-hidden /> {t('archivesUi.lockedNotice')}
        </Flex>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t('archivesUi.detail.createdBy', { name: personName(archive.createdBy, lang) || '—', time: fmt.date(archive.createdAt as string) })} ·{' '}
        {t('archivesUi.detail.changedBy', { time: fmt.dateTime(archive.updatedAt as string) })}
      </Text>
    </Stack>
  );
}

function Overview({ archive, editable }: { archive: Archive; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form, setForm] = useState<{ grade: string; year: string; type: string; remark: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutationAction<ArchiveDetailOverviewMutation, Answer>(overviewMutation, (r) => r.updateArchive);
  const items: Array<[string, string]> = [
    [t('archivesUi.col.grade'), gradeLabel(archive.grade, t)],
    [t('archivesUi.col.year'), archive.year ? String(archive.year) : ''],
    [t('archivesUi.col.type'), t(`archivesUi.type.${archive.applicationType}`)],
    [t('archivesUi.col.consultant'), personName(archive.consultant, lang)],
    [t('archivesUi.col.acting'), personName(archive.actingConsultant, lang)],
    [t('archivesUi.col.salesperson'), personName(archive.salesperson, lang)],
    [t('archivesUi.col.parent'), personName(archive.parent, lang)],
    [t('archivesUi.f.remark'), archive.remark ?? ''],
  ];
  const submit = () => {
    if (!form) return;
    if (form.year && !/^\d{4}$/.test(form.year)) {
      setProblem(t('archive.yearInvalid'));
      return;
    }
    setProblem(null);
    save.run(
      { input: { id: archive.id, grade: form.grade ? Number(form.grade) : null, year: form.year ? Number(form.year) : null, applicationType: form.type === 'RETAIL' ? 2 : 1, remark: form.remark.trim() || null } },
      { onDone: () => (notify('success', t('archivesUi.detail.overviewSaved')), setForm(null)) },
    );
  };
  return (
    <Card.Root id="section-profile" size="sm" scrollMarginTop="24" data-testid="section-profile">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('archivesUi.s.profile')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {!form ? (
          <Stack gap="3">
            <DataList.Root orientation="horizontal" size="sm" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
              {items.map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            {editable && (
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setForm({ grade: archive.grade ? String(archive.grade) : '', year: archive.year ? String(archive.year) : '', type: archive.applicationType, remark: archive.remark ?? '' })}
                  data-testid="section-profile-edit"
                >
                  {t('archivesUi.detail.edit')}
                </Button>
              </Box>
            )}
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="3">
              <FormError message={save.error} />
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                <Field.Root>
                  <Field.Label htmlFor="ov-grade">{t('archivesUi.col.grade')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field id="ov-grade" value={form.grade} onChange={(e) => setForm({ ...form, grade: e.target.value })}>
                      <option value="">—</option>
                      {GRADES.map((g) => (
                        <option key={g} value={g}>
                          {gradeLabel(g, t)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root invalid={!!problem}>
                  <Field.Label htmlFor="ov-year">{t('archivesUi.col.year')}</Field.Label>
                  <Input id="ov-year" inputMode="numeric" value={form.year} onChange={(e) => setForm({ ...form, year: e.target.value })} data-testid="overview-year" />
                  {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
                </Field.Root>
                <Field.Root>
                  <Field.Label htmlFor="ov-type">{t('archivesUi.col.type')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field id="ov-type" value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })}>
                      <option value="APPLICATION">{t('archivesUi.type.APPLICATION')}</option>
                      <option value="RETAIL">{t('archivesUi.type.RETAIL')}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root gridColumn={{ md: 'span 2' }}>
                  <Field.Label htmlFor="ov-remark">{t('archivesUi.f.remark')}</Field.Label>
                  <Textarea id="ov-remark" rows={2} value={form.remark} onChange={(e) => setForm({ ...form, remark: e.target.value })} />
                </Field.Root>
              </Grid>
              <HStack justify="end">
                <Button variant="outline" onClick={() => setForm(null)}>
                  {t('archivesUi.detail.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={save.busy} data-testid="section-profile-save">
                  {t('archivesUi.detail.save')}
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function SubmitDialog({ archive, onClose }: { archive: Archive; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(() => t('archivesUi.verify.submitTitle', { name: archive.name }));
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const modules = useTopModules();
  // Every top-level module by default (the server's default too); unchecking narrows the task.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(modules.map((m) => m.code)));
  const [modulesProblem, setModulesProblem] = useState<string | null>(null);
  const submit = useMutationAction<ArchiveDetailSubmitMutation, Answer>(submitMutation, (r) => r.createArchiveVerification);
  return (
    <FormDialog
      title={t('archivesUi.verify.submitTitle', { name: archive.name })}
      testId="submit-dialog"
      onClose={onClose}
      busy={submit.busy}
      error={submit.error}
      saveLabel={t('archivesUi.act.submit')}
      onSave={() => {
        const noTitle = !title.trim();
        const noModules = modules.length > 0 && chosen.size === 0;
        setProblem(noTitle ? t('archive.examine.titleRequired') : null);
        setModulesProblem(noModules ? t('archive.examine.modulesRequired') : null);
        if (noTitle || noModules) return;
        // All chosen: leave the list out, as the server's default is exactly that.
        const moduleCodes = chosen.size === modules.length ? null : modules.filter((m) => chosen.has(m.code)).map((m) => m.code);
        submit.run(
          { input: { archiveId: archive.id, title: title.trim(), ...(content.trim() ? { content: content.trim() } : {}), ...(moduleCodes ? { moduleCodes } : {}) } },
          { onDone: () => (notify('success', t('archivesUi.verify.submitted')), onClose()) },
        );
      }}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('archivesUi.verify.submitIntro')}
      </Text>
      <Field.Root required invalid={!!problem}>
        <Field.Label htmlFor="submit-title">
          {t('archivesUi.verify.titleField')} <Field.RequiredIndicator />
        </Field.Label>
        <Input id="submit-title" value={title} onChange={(e) => (setTitle(e.target.value), e.target.value.trim() && setProblem(null))} data-testid="submit-title" />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label htmlFor="submit-content">{t('archivesUi.verify.contentField')}</Field.Label>
        <Textarea id="submit-content" rows={3} value={content} onChange={(e) => setContent(e.target.value)} />
      </Field.Root>
      {modules.length > 0 && (
        <Fieldset.Root invalid={!!modulesProblem} data-testid="submit-modules">
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {t('archivesUi.verify.modulesField')}
          </Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }} gap="1.5" mt="1">
            {modules.map((m) => (
              <Checkbox.Root
                key={m.code}
                size="sm"
                checked={chosen.has(m.code)}
                onCheckedChange={(e) => {
                  const next = new Set(chosen);
                  if (e.checked === true) next.add(m.code);
                  else next.delete(m.code);
                  setChosen(next);
                  if (next.size) setModulesProblem(null);
                }}
                data-testid={`submit-module-${m.code}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{m.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Grid>
          {modulesProblem && <Fieldset.ErrorText>{modulesProblem}</Fieldset.ErrorText>}
        </Fieldset.Root>
      )}
    </FormDialog>
  );
}

function AccessLog({ entries }: { entries: NonNullable<Archive['accessLog']> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Card.Root id="section-access-log" size="sm" scrollMarginTop="24" data-testid="section-access-log">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('archivesUi.detail.accessLog')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {!entries.length ? (
          <Text color="fg.subtle" fontSize="sm">
            {t('archivesUi.detail.accessLogEmpty')}
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="72" tabIndex={0} aria-label={t('archivesUi.detail.accessLog')}>
            <Table.Root size="sm" stickyHeader aria-label={t('archivesUi.detail.accessLog')}>
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>{t('archivesUi.detail.when')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('archivesUi.detail.reader')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('archivesUi.detail.fieldsRead')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('archivesUi.detail.door')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((e, i) => (
                  <Table.Row key={i}>
                    <Table.Cell whiteSpace="nowrap">{fmt.dateTime(e.createdAt as string)}</Table.Cell>
                    <Table.Cell>{e.account}</Table.Cell>
                    <Table.Cell>
                      {e.section}: {e.fields.join(', ')}
                    </Table.Cell>
                    <Table.Cell>{e.door}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * 档案详情 (`/archives/detail/:id`): the header (student, state, lock and verification badges,
 * the transitions the viewer may make), the overview, one anchored card per section the viewer
 * may read (each edits in place with its own save, following the module permissions the server
 * answers for the archive's state), the latest verification, and for administrators the
 * personal-data access log (docs/archives-ui.md).
 */
export default function ArchiveDetail() {
  const params = useMenuParams();
  const { queryRef } = useRouteQuery(archiveDetailRoute, { id: params.id ?? '' });
  const data = usePreloadedQuery<ArchiveDetailQuery>(detailQuery, queryRef);
  const rights = useArchiveRights(data.viewer);
  const ref = data.node?.archive;
  return ref ? (
    <ModuleNamesProvider query={data}>
      <Loaded archiveRef={ref} rights={rights} />
    </ModuleNamesProvider>
  ) : (
    <NotFound />
  );
}

function Loaded({ archiveRef, rights }: { archiveRef: ArchiveDetail_archive$key; rights: ArchiveRights }) {
  const archive = useFragment(archiveFragment, archiveRef);
  return <Detail archive={archive} rights={rights} />;
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack align="center" gap="3" p="10" data-testid="archive-not-found">
      <Text>{t('archivesUi.detail.notFound')}</Text>
      <Button variant="outline" onClick={() => navigate('/archives/list', AFTER_SAVE)}>
        <ArrowLeft size={14} /> {t('archivesUi.detail.backToList')}
      </Button>
    </Stack>
  );
}

function Detail({ archive, rights }: { archive: Archive; rights: ArchiveRights }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useMenu();
  const environment = useRelayEnvironment();
  const mobile = useIsMobile();
  const fmt = useFormat();
  const lang = useLang();
  const task = useLatestVerification(archive);
  const [act, setAct] = useState<Act | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [selecting, setSelecting] = useState(false);
  useEffect(() => {
    // The tab names the student and the kind of page (唐明轩 · 档案), as every record's tab does.
    titleView(`/archives/detail/${archive.id}`, { zh: `${archive.name} · 档案`, en: `${archive.userName || archive.name} · Archive` });
  }, [archive.id, archive.name, archive.userName]);
  const perm = new Map(archive.permissions.map((p) => [p.code, p]));
  const sections = DETAIL_SECTIONS.filter((s) => perm.get(s.module)?.read);
  const profile = perm.get('profile');
  const ctxOf = (module: string) => {
    const m = moduleFor(task, module);
    const verification = m
      ? m.status === 'VERIFIED' && m.verifier
        ? { text: t('archivesUi.detail.verifiedBy', { name: personName(m.verifier, lang), time: fmt.date(m.verifiedAt as string) }), palette: 'green' }
        : { text: t(`archivesUi.verification.${m.status}`), palette: m.status === 'VERIFYING' ? 'orange' : 'gray' }
      : null;
    return { archiveId: archive.id, editable: !archive.locked && !!perm.get(module)?.edit, locked: archive.locked, sensitive: rights.sensitive, verification };
  };
  const backup = async () => {
    const res = await fetchQuery<ArchiveDetailBackupQuery>(environment, backupQuery, { id: archive.id }, { fetchPolicy: 'network-only' }).toPromise();
    const answer = res?.archiveBackup;
    if (answer?.__typename !== 'ArchiveBackup') return notify('error', (answer && 'message' in answer ? answer.message : null) ?? t('transport.unknown'));
    saveBlob(`archive-${archive.databaseId}-backup.json`, new Blob([answer.json ?? ''], { type: 'application/json' }));
  };
  const canGantt = !!findByPath(menu, '/gantt/student/any');
  const nav = [{ key: 'profile', label: t('archivesUi.s.profile') }, ...sections.map((s) => ({ key: s.key, label: t(`archivesUi.s.${s.key}`) })), { key: 'verification', label: t('archivesUi.detail.verifications') }];
  const jump = (key: string) => document.getElementById(`section-${key}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <Stack gap="4" data-testid="archive-detail">
      <Flex align="center" gap="2" wrap="wrap">
        <Link color="fg.link" fontSize="sm" onClick={() => navigate('/archives/list', AFTER_SAVE)} href="#/archives/list" data-testid="back-to-list" flex="1">
          <ArrowLeft size={14} aria-hidden /> {t('archivesUi.detail.backToList')}
        </Link>
        <Button size="xs" variant="outline" onClick={() => setSelecting(true)} data-testid="open-selection-lists">
          <ListChecks size={14} /> {t('schoolsUi.sel.open')}
        </Button>
        {canGantt && (
          <Button size="xs" variant="outline" onClick={() => navigate(`/gantt/student/${encodeURIComponent(archive.id)}`)} data-testid="open-gantt">
            <ChartGantt size={14} /> {t('schoolsUi.gantt.open')}
          </Button>
        )}
      </Flex>
      <Header
        archive={archive}
        rights={rights}
        onAct={setAct}
        onAssign={() => setAssigning(true)}
        onSubmit={() => setSubmitting(true)}
        onBackup={() => void backup()}
        onErased={() => void fetchQuery<ArchiveDetailQuery>(environment, detailQuery, { id: archive.id }, { fetchPolicy: 'network-only' }).toPromise()}
        verificationStatus={task?.status ?? null}
      />
      {mobile && (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label={t('archivesUi.jump')} onChange={(e) => jump(e.target.value)} value="">
            <option value="">{t('archivesUi.jump')}…</option>
            {nav.map((n) => (
              <option key={n.key} value={n.key}>
                {n.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <Flex gap="4" align="start">
        {!mobile && (
          <Box as="nav" aria-label={t('archivesUi.detail.sections')} position="sticky" top="2" w="44" flexShrink={0} maxH="calc(100vh - 140px)" overflowY="auto" data-testid="section-nav">
            <Stack gap="0.5">
              {nav.map((n) => (
                <Button key={n.key} size="xs" variant="ghost" justifyContent="start" fontWeight="normal" onClick={() => jump(n.key)}>
                  {n.label}
                </Button>
              ))}
            </Stack>
          </Box>
        )}
        <Stack gap="4" flex="1" minW="0">
          <Overview archive={archive} editable={!archive.locked && !!profile?.edit} />
          {sections.map((s) => (
            <Suspense key={s.key} fallback={null}>
              <SectionView section={s} archive={archive} ctx={ctxOf(s.module)} />
            </Suspense>
          ))}
          <VerificationCard
            task={task}
            archiveName={archive.name}
            canVerify={rights.verify}
            preview={(code) => {
              const shown = sections
                .filter((s) => s.module === code || s.module.startsWith(`${code}.`))
                .map((s) => <SectionView key={s.key} section={s} archive={archive} ctx={{ ...ctxOf(s.module), editable: false, verification: null }} />);
              return shown.length ? shown : null;
            }}
          />
          {archive.accessLog && <AccessLog entries={archive.accessLog} />}
        </Stack>
      </Flex>
      {act && <ActDialog archive={{ id: archive.id, name: archive.name }} act={act} onClose={() => setAct(null)} onDone={act === 'delete' ? () => navigate('/archives/list', AFTER_SAVE) : undefined} />}
      {assigning && <AssignStaffDialog archives={[{ id: archive.id, name: archive.name }]} onClose={() => setAssigning(false)} />}
      {submitting && <SubmitDialog archive={archive} onClose={() => setSubmitting(false)} />}
      {selecting && (
        <Suspense fallback={null}>
          <SelectionListsDialog archiveId={archive.id} student={lang === 'en' && archive.userName ? archive.userName : archive.name} onClose={() => setSelecting(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
