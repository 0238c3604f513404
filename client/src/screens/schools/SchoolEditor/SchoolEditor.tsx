import { Box, Button, Field, Flex, Grid, Heading, IconButton, Image, Input, NativeSelect, Progress, Stack, Table, Tabs, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, useTransition, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useNavigate, useSearchParams } from 'react-router';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { DateField } from '../../../components/fields/DateField.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { Badge } from '../shared/Badge.tsx';
import { DEADLINE_KINDS, PLATFORMS, SPORT_SEASONS, SPORT_GENDERS } from '../shared/codes.ts';
import { inputOf, SECTION_FIELDS, textOf, type FieldSpec, type SectionKey, type Values } from './sections.ts';
import { schoolEditorRoute } from './SchoolEditor.route.ts';
import type { SchoolEditor_school$data, SchoolEditor_school$key } from './__generated__/SchoolEditor_school.graphql.ts';
import type { SchoolEditorBadgeMutation } from './__generated__/SchoolEditorBadgeMutation.graphql.ts';
import type { SchoolEditorQuery } from './__generated__/SchoolEditorQuery.graphql.ts';

const editorQuery = graphql`
  query SchoolEditorQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) {
      __typename
      ... on School {
        id
      }
      ...SchoolEditor_school @alias(as: "school")
    }
  }
`;

const schoolFragment = graphql`
  fragment SchoolEditor_school on School {
    id
    databaseId
    name
    chineseName
    abbreviation
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
    remark
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
    toeflAverage
    ssatAverage
    acceptanceRate
    interviewRequired
    applicationFee
    tuition
    tuitionDay
    currency
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
    badgeUrl
    updatedAt
    sports {
      gender
      season
      name
    }
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
    rankings {
      source
      year
      rank
    }
  }
`;

const createMutation = graphql`
  mutation SchoolEditorCreateMutation($input: CreateSchoolInput!) {
    createSchool(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          id
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const basicMutation = graphql`
  mutation SchoolEditorBasicMutation($input: UpdateSchoolInput!) {
    updateSchool(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const geographyMutation = graphql`
  mutation SchoolEditorGeographyMutation($input: SaveSchoolGeographyInput!) {
    saveSchoolGeography(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const dailyMutation = graphql`
  mutation SchoolEditorDailyMutation($input: SaveSchoolDailyInput!) {
    saveSchoolDaily(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const recruitMutation = graphql`
  mutation SchoolEditorRecruitMutation($input: SaveSchoolRecruitInput!) {
    saveSchoolRecruit(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const teachingMutation = graphql`
  mutation SchoolEditorTeachingMutation($input: SaveSchoolTeachingInput!) {
    saveSchoolTeaching(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const resourceMutation = graphql`
  mutation SchoolEditorResourceMutation($input: SaveSchoolResourceInput!) {
    saveSchoolResource(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const sequenceMutation = graphql`
  mutation SchoolEditorSequenceMutation($input: SaveSchoolSequenceInput!) {
    saveSchoolSequence(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          ...SchoolEditor_school
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const badgeMutation = graphql`
  mutation SchoolEditorBadgeMutation($input: UploadSchoolBadgeInput!) {
    uploadSchoolBadge(input: $input) {
      __typename
      ... on SchoolPayload {
        school {
          id
          badgeUrl
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const SAVES: Record<Exclude<SectionKey, 'badge'>, { mutation: GraphQLTaggedNode; field: string }> = {
  basic: { mutation: basicMutation, field: 'updateSchool' },
  geography: { mutation: geographyMutation, field: 'saveSchoolGeography' },
  daily: { mutation: dailyMutation, field: 'saveSchoolDaily' },
  recruit: { mutation: recruitMutation, field: 'saveSchoolRecruit' },
  teaching: { mutation: teachingMutation, field: 'saveSchoolTeaching' },
  resource: { mutation: resourceMutation, field: 'saveSchoolResource' },
  sequence: { mutation: sequenceMutation, field: 'saveSchoolSequence' },
};
const TABS: SectionKey[] = ['basic', 'geography', 'daily', 'recruit', 'teaching', 'resource', 'sequence', 'badge'];

type School = SchoolEditor_school$data;
type Answer = { readonly __typename: string; readonly message?: string };

// ── row lists (sports, platforms, deadlines, rankings) ──

type RowColumn = { key: string; label: string; kind: 'text' | 'int' | 'select' | 'date'; options?: ReadonlyArray<{ value: string; label: string }>; optional?: boolean };

function RowsEditor({ title, columns, rows, onChange, disabled, testId }: { title: string; columns: RowColumn[]; rows: Values[]; onChange: (rows: Values[]) => void; disabled: boolean; testId: string }) {
  const { t } = useTranslation();
  const set = (i: number, key: string, value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const blank = () => Object.fromEntries(columns.map((c) => [c.key, c.kind === 'select' && !c.optional ? (c.options?.[0]?.value ?? '') : '']));
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" data-testid={testId} minW="0">
      <Text as="legend" fontWeight="semibold" px="1">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text color="fg.subtle" fontSize="sm">
          {t('schoolsUi.editor.noRows')}
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={title}>
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.key}>{c.label}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('listKit.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, i) => (
                <Table.Row key={i}>
                  {columns.map((c) => (
                    <Table.Cell key={c.key} minW={c.kind === 'date' ? '40' : c.kind === 'int' ? '20' : '32'}>
                      {c.kind === 'select' ? (
                        <NativeSelect.Root size="sm" disabled={disabled}>
                          <NativeSelect.Field aria-label={`${c.label} ${i + 1}`} value={r[c.key] ?? ''} onChange={(e) => set(i, c.key, e.target.value)} data-testid={`${testId}-${c.key}-${i}`}>
                            {c.optional && <option value="">{t('schoolsUi.f.notSet')}</option>}
                            {c.options?.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      ) : c.kind === 'date' ? (
                        <DateField size="sm" value={r[c.key] ?? ''} onChange={(v) => set(i, c.key, v)} label={`${c.label} ${i + 1}`} disabled={disabled} testId={`${testId}-${c.key}-${i}`} />
                      ) : (
                        <Input
                          size="sm"
                          aria-label={`${c.label} ${i + 1}`}
                          inputMode={c.kind === 'int' ? 'numeric' : undefined}
                          value={r[c.key] ?? ''}
                          onChange={(e) => set(i, c.key, e.target.value)}
                          disabled={disabled}
                          data-testid={`${testId}-${c.key}-${i}`}
                        />
                      )}
                    </Table.Cell>
                  ))}
                  <Table.Cell width="1">
                    <IconButton size="xs" variant="ghost" aria-label={t('schoolsUi.editor.removeRow', { n: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))} disabled={disabled}>
                      <Trash2 size={14} />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Button size="xs" variant="outline" mt="2" onClick={() => onChange([...rows, blank()])} disabled={disabled} data-testid={`${testId}-add`}>
        <Plus size={14} /> {t('schoolsUi.editor.addRow')}
      </Button>
    </Box>
  );
}

// ── a section's scalar fields ──

function FieldsGrid({ fields, values, onChange, problems, disabled }: { fields: FieldSpec[]; values: Values; onChange: (key: string, v: string) => void; problems: Record<string, string>; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
      {fields.map((f) => {
        const id = `school-${f.key}`;
        const label = t(`schoolsUi.f.${f.key}`);
        const problem = problems[f.key];
        return (
          <Field.Root key={f.key} invalid={!!problem} required={f.required} gridColumn={f.kind === 'textarea' ? { md: 'span 2' } : undefined} disabled={disabled}>
            <Field.Label htmlFor={id}>
              {label}
              {f.required && <Field.RequiredIndicator />}
            </Field.Label>
            {f.kind === 'textarea' ? (
              <Textarea id={id} rows={3} value={values[f.key] ?? ''} onChange={(e) => onChange(f.key, e.target.value)} data-testid={id} />
            ) : f.kind === 'select' || f.kind === 'bool' ? (
              <NativeSelect.Root>
                <NativeSelect.Field id={id} value={values[f.key] ?? ''} onChange={(e) => onChange(f.key, e.target.value)} data-testid={id}>
                  {!(f.required && values[f.key]) && <option value="">{t('schoolsUi.f.notSet')}</option>}
                  {f.kind === 'bool'
                    ? ['yes', 'no'].map((v) => (
                        <option key={v} value={v}>
                          {t(`schoolsUi.${v}`)}
                        </option>
                      ))
                    : f.options?.map((o) => (
                        <option key={o} value={o}>
                          {t(`schoolsUi.${f.prefix}.${o}`)}
                        </option>
                      ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : (
              <Input id={id} inputMode={f.kind === 'int' ? 'numeric' : f.kind === 'float' ? 'decimal' : undefined} value={values[f.key] ?? ''} onChange={(e) => onChange(f.key, e.target.value)} data-testid={id} />
            )}
            {problem && <Field.ErrorText data-testid={`${id}-error`}>{t(problem === 'required' ? 'schoolsUi.editor.required' : 'schoolsUi.editor.number', { field: label })}</Field.ErrorText>}
          </Field.Root>
        );
      })}
    </Grid>
  );
}

// ── one tab: its fields, its rows, its own Save ──

type Lists = { sports: Values[]; platforms: Values[]; deadlines: Values[]; rankings: Values[] };

function listsOf(s: School | null): Lists {
  return {
    sports: (s?.sports ?? []).map((x) => ({ gender: x.gender, season: x.season, name: x.name })),
    platforms: (s?.platforms ?? []).map((x) => ({ platform: x.platform, url: x.url ?? '', note: x.note ?? '' })),
    deadlines: (s?.deadlines ?? []).map((x) => ({ kind: x.kind, deadline: String(x.deadline), platform: x.platform ?? '', note: x.note ?? '' })),
    rankings: (s?.rankings ?? []).map((x) => ({ source: x.source, year: String(x.year), rank: String(x.rank) })),
  };
}
const valuesOf = (s: School | null): Values =>
  Object.fromEntries(Object.values(SECTION_FIELDS).flatMap((fs) => fs.map((f) => [f.key, textOf(s ? (s as unknown as Record<string, unknown>)[f.key] : f.key === 'country' ? 'US' : f.key === 'sex' ? 'COED' : null)])));

function rowsInput(section: SectionKey, lists: Lists): Record<string, unknown> {
  const opt = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  switch (section) {
    case 'daily':
      return { sports: lists.sports.filter((r) => r.name?.trim()).map((r) => ({ gender: r.gender, season: r.season, name: r.name!.trim() })) };
    case 'recruit':
      return {
        platforms: lists.platforms.map((r) => ({ platform: r.platform, url: opt(r.url), note: opt(r.note) })),
        deadlines: lists.deadlines.filter((r) => r.deadline).map((r) => ({ kind: r.kind, deadline: r.deadline, platform: opt(r.platform), note: opt(r.note) })),
      };
    case 'sequence':
      return { rankings: lists.rankings.filter((r) => r.source?.trim()).map((r) => ({ source: r.source!.trim(), year: Number(r.year), rank: Number(r.rank) })) };
    default:
      return {};
  }
}

function SectionForm({
  section,
  school,
  values,
  setValues,
  lists,
  setLists,
  onCreated,
}: {
  section: Exclude<SectionKey, 'badge'>;
  school: School | null;
  values: Values;
  setValues: (v: Values) => void;
  lists: Lists;
  setLists: (l: Lists) => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const creating = !school && section === 'basic';
  const save = useMutationAction<MutationParameters, Answer>(creating ? createMutation : SAVES[section].mutation, (r) => (r as Record<string, Answer>)[creating ? 'createSchool' : SAVES[section].field]!);
  const fields = SECTION_FIELDS[section];
  const label = t(`schoolsUi.section.${section}`);
  const disabled = !school && section !== 'basic';
  const submit = () => {
    const { input, problems: found } = inputOf(fields, values);
    setProblems(found);
    if (Object.keys(found).length) return;
    if (creating) {
      save.run({ input }, { onDone: (a) => (notify('success', t('schoolsUi.editor.created')), onCreated((a as unknown as { school: { id: string } }).school.id)) });
      return;
    }
    save.run({ input: { id: school!.id, ...input, ...rowsInput(section, lists) } }, { onDone: () => notify('success', t('schoolsUi.editor.saved', { section: label })) });
  };
  const opts = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`schoolsUi.${prefix}.${v}`) }));
  const rowsOf = (key: keyof Lists, title: string, columns: RowColumn[]) => (
    <RowsEditor title={title} columns={columns} rows={lists[key]} onChange={(rows) => setLists({ ...lists, [key]: rows })} disabled={disabled} testId={`rows-${key}`} />
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid={`section-${section}`}
    >
      <Stack gap="4">
        {disabled && (
          <Text color="fg.subtle" data-testid="editor-create-first">
            {t('schoolsUi.editor.createFirst')}
          </Text>
        )}
        <FormError message={save.error} testId={`section-${section}-error`} />
        {fields.length > 0 && (
          <FieldsGrid
            fields={fields}
            values={values}
            onChange={(k, v) => (setValues({ ...values, [k]: v }), problems[k] && setProblems(Object.fromEntries(Object.entries(problems).filter(([p]) => p !== k))))}
            problems={problems}
            disabled={disabled}
          />
        )}
        {section === 'daily' &&
          rowsOf('sports', t('schoolsUi.section.sports'), [
            { key: 'name', label: t('schoolsUi.f.sportName'), kind: 'text' },
            { key: 'gender', label: t('schoolsUi.f.sportGender'), kind: 'select', options: opts(SPORT_GENDERS, 'sportGender') },
            { key: 'season', label: t('schoolsUi.f.season'), kind: 'select', options: opts(SPORT_SEASONS, 'season') },
          ])}
        {section === 'recruit' && (
          <>
            {rowsOf('platforms', t('schoolsUi.section.platforms'), [
              { key: 'platform', label: t('schoolsUi.f.platform'), kind: 'select', options: opts(PLATFORMS, 'platform') },
              { key: 'url', label: t('schoolsUi.f.platformUrl'), kind: 'text' },
              { key: 'note', label: t('schoolsUi.f.note'), kind: 'text' },
            ])}
            {rowsOf('deadlines', t('schoolsUi.section.deadlines'), [
              { key: 'kind', label: t('schoolsUi.f.deadlineKind'), kind: 'select', options: opts(DEADLINE_KINDS, 'deadline') },
              { key: 'deadline', label: t('schoolsUi.f.deadline'), kind: 'date' },
              { key: 'platform', label: t('schoolsUi.f.platform'), kind: 'select', optional: true, options: opts(PLATFORMS, 'platform') },
              { key: 'note', label: t('schoolsUi.f.note'), kind: 'text' },
            ])}
          </>
        )}
        {section === 'sequence' &&
          rowsOf('rankings', t('schoolsUi.section.sequence'), [
            { key: 'source', label: t('schoolsUi.f.rankSource'), kind: 'text' },
            { key: 'year', label: t('schoolsUi.f.rankYear'), kind: 'int' },
            { key: 'rank', label: t('schoolsUi.f.rank'), kind: 'int' },
          ])}
        <Flex justify="flex-end">
          <Button type="submit" colorPalette="blue" loading={save.busy} disabled={disabled} data-testid={`section-${section}-save`}>
            {creating ? t('schoolsUi.editor.create') : t('schoolsUi.editor.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

// ── the badge ──

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function BadgeForm({ school }: { school: School | null }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = (f: File | undefined) => {
    setError(null);
    if (!f) return;
    if (!IMAGE_TYPES.includes(f.type)) {
      setFile(null);
      setProblem(t('schoolsUi.badge.notImage'));
      return;
    }
    if (f.size > 2 * 1024 * 1024) {
      setFile(null);
      setProblem(t('schoolsUi.badge.tooBig'));
      return;
    }
    setProblem(null);
    setFile(f);
  };
  const upload = async () => {
    if (!school || !file) return;
    setError(null);
    setProgress(0);
    try {
      const data = await sendWithFile<SchoolEditorBadgeMutation>(environment, badgeMutation, { input: { id: school.id, file: null } }, 'input.file', file, setProgress);
      const answer = data.uploadSchoolBadge;
      if (answer.__typename === 'SchoolPayload') {
        notify('success', t('schoolsUi.badge.uploaded'));
        setFile(null);
      } else setError(('message' in answer ? answer.message : null) ?? t('transport.unknown'));
    } catch (e) {
      setError(e instanceof Error ? e.message : t('transport.unknown'));
    } finally {
      setProgress(null);
    }
  };
  if (!school) return <Text color="fg.subtle">{t('schoolsUi.editor.createFirst')}</Text>;
  return (
    <Stack gap="4" data-testid="section-badge">
      <FormError message={error} testId="section-badge-error" />
      <Flex gap="6" wrap="wrap" align="flex-start">
        <Stack align="center" gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('schoolsUi.badge.current')}
          </Text>
          {school.badgeUrl ? <Badge url={school.badgeUrl} name={school.name} size={96} /> : <Text color="fg.subtle">{t('schoolsUi.badge.none')}</Text>}
        </Stack>
        {preview && (
          <Stack align="center" gap="1">
            <Text fontSize="sm" color="fg.muted">
              {t('schoolsUi.badge.preview')}
            </Text>
            <Image src={preview} alt={t('schoolsUi.badge.preview')} boxSize="96px" objectFit="contain" data-testid="badge-preview" />
          </Stack>
        )}
      </Flex>
      <Field.Root invalid={!!problem}>
        <Field.Label htmlFor="badge-file">{t('schoolsUi.badge.choose')}</Field.Label>
        <Input id="badge-file" type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => choose(e.target.files?.[0])} p="1" data-testid="badge-file" />
        <Field.HelperText>{t('schoolsUi.badge.hint')}</Field.HelperText>
        {problem && <Field.ErrorText data-testid="badge-problem">{problem}</Field.ErrorText>}
      </Field.Root>
      {progress != null && (
        <Progress.Root value={Math.round(progress * 100)} size="sm" aria-label={t('listKit.uploading')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Flex justify="flex-end">
        <Button colorPalette="blue" onClick={() => void upload()} disabled={!file} loading={progress != null} data-testid="badge-upload">
          {t('schoolsUi.badge.upload')}
        </Button>
      </Flex>
    </Stack>
  );
}

function Editor({ school: key, onCreated }: { school: SchoolEditor_school$key | null; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const school = useFragment(schoolFragment, key) ?? null;
  // Each tab's input lives here, so moving between tabs never loses what was typed; a save
  // sends its own tab only.
  const [values, setValues] = useState<Values>(() => valuesOf(school));
  const [lists, setLists] = useState<Lists>(() => listsOf(school));
  const [tab, setTab] = useState<SectionKey>('basic');
  const name = school ? (lang === 'zh' && school.chineseName ? school.chineseName : school.name) : '';
  useEffect(() => {
    if (school) titleView(`/school/add`, { zh: `编辑 ${school.chineseName || school.name}`, en: `Edit ${school.name}` });
  }, [school]);
  return (
    <Stack gap="3" data-testid="school-editor">
      <Flex align="center" gap="2" wrap="wrap">
        {school && <Badge url={school.badgeUrl} name={school.name} size={36} />}
        <Heading size="lg" flex="1" minW="40">
          {school ? t('schoolsUi.editor.editTitle', { name }) : t('schoolsUi.editor.addTitle')}
        </Heading>
        {school && (
          <Button size="sm" variant="outline" onClick={() => navigate(`/school/details/${encodeURIComponent(school.id)}`)} data-testid="editor-open-details">
            <ExternalLink size={14} /> {t('schoolsUi.editor.openDetails')}
          </Button>
        )}
      </Flex>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as SectionKey)} variant="line" lazyMount={false}>
        <Box overflowX="auto">
          <Tabs.List minW="max-content">
            {TABS.map((k) => (
              <Tabs.Trigger key={k} value={k} disabled={!school && k !== 'basic'} data-testid={`tab-${k}`}>
                {t(`schoolsUi.section.${k}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {TABS.map((k) => (
          <Tabs.Content key={k} value={k} bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4" mt="3">
            {k === 'badge' ? <BadgeForm school={school} /> : <SectionForm section={k} school={school} values={values} setValues={setValues} lists={lists} setLists={setLists} onCreated={onCreated} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

/**
 * 新增学校 / 编辑学校 (`/school/add`, `?id=` a School's global id to edit): the basic form creates
 * the school; then the tabs geography, daily (with sports), recruit (platforms and deadlines),
 * teaching, resource, sequence (rankings) and the badge (images only, with a preview), each
 * saved on its own by its own mutation (docs/schools-ui.md).
 */
export default function SchoolEditor(): ReactNode {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const { queryRef, load } = useRouteQuery(schoolEditorRoute, { id, edit: !!id });
  const [, startTransition] = useTransition();
  useEffect(() => {
    if ((queryRef.variables.id ?? '') !== id) startTransition(() => load({ id, edit: !!id }));
  }, [id, load, queryRef.variables.id]);
  const data = usePreloadedQuery<SchoolEditorQuery>(editorQuery, queryRef);
  const node = data.node?.__typename === 'School' ? data.node : null;
  // A new Editor (its inputs from the server) once the school the URL names has loaded.
  return <Editor key={node?.id ?? 'new'} school={node?.school ?? null} onCreated={(newId) => setParams({ id: newId }, { replace: true })} />;
}
