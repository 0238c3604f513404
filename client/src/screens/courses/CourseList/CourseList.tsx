import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import { COURSE_SITES, COURSE_TYPES, hours, nameIn } from '../shared/codes.tsx';
import { CourseFormDialog } from '../shared/CourseFormDialog.tsx';
import { CourseEditLoader } from '../CourseDetail/CourseEditLoader.tsx';
import { courseListRoute, COURSE_LIST_DEFAULTS, COURSE_PROGRESS, courseFilterOf } from './CourseList.route.ts';
import type { CourseListProjectsQuery } from './__generated__/CourseListProjectsQuery.graphql.ts';
import type { CourseList_query$data, CourseList_query$key } from './__generated__/CourseList_query.graphql.ts';
import type { CourseListQuery } from './__generated__/CourseListQuery.graphql.ts';
import type { CourseListDeleteMutation } from './__generated__/CourseListDeleteMutation.graphql.ts';
import { AFTER_SAVE } from '../../../lib/dirty.ts';

const listQuery = graphql`
  query CourseListQuery($filter: CourseFilter) {
    viewer {
      manage: can(right: "course.manage")
      projects: can(right: "project.read")
    }
    classrooms(first: 200) {
      edges {
        node {
          id
          no
          name
        }
      }
    }
    ...CourseList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment CourseList_query on Query @refetchable(queryName: "CourseListPaginationQuery") @argumentDefinitions(filter: { type: "CourseFilter" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    courses(filter: $filter, first: $first, after: $after) @connection(key: "CourseList_courses", filters: ["filter"]) {
      __id
      totalCount
      edges {
        node {
          id
          no
          name
          type
          site
          place
          studentCount
          totalNumber
          lessonHours
          viewerCanManage
          classroom {
            name
          }
          lecturers {
            databaseId
            name
            nameEn
          }
          lessons(first: 0) {
            totalCount
          }
          enrollments(first: 0) {
            totalCount
          }
        }
      }
    }
  }
`;

const projectsQuery = graphql`
  query CourseListProjectsQuery {
    projects(first: 200) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation CourseListDeleteMutation($input: DeleteCoursesInput!, $connections: [ID!]!) {
    deleteCourses(input: $input) {
      __typename
      ... on DeleteCoursesPayload {
        deletedCourseIds @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

type Course = NonNullable<CourseList_query$data['courses']['edges'][number]['node']>;

function Rows({ query, stale, onEdit }: { query: CourseList_query$key; stale: boolean; onEdit: (c: Course) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.courses.edges.map((e) => e.node).filter((n): n is Course => n != null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const del = useMutationAction<CourseListDeleteMutation, CourseListDeleteMutation['response']['deleteCourses']>(deleteMutation, (r) => r.deleteCourses);
  const open = (c: Course) => navigate(`/mission/course-detail/${encodeURIComponent(c.id)}`);
  const columns: Array<Column<Course>> = [
    { key: 'name', header: t('coursesUi.field.name'), card: 'title', width: '22%', render: (c) => c.name },
    { key: 'no', header: t('coursesUi.field.no'), card: 'fact', render: (c) => c.no, hideBelow: 1280 },
    { key: 'type', header: t('coursesUi.field.type'), card: 'state', render: (c) => `${t(`coursesUi.type.${c.type}`)} · ${t(`coursesUi.site.${c.site}`)}` },
    { key: 'lecturers', header: t('coursesUi.field.lecturers'), card: 'fact', render: (c) => c.lecturers.map((l) => nameIn(l, lang)).join(lang === 'zh' ? '、' : ', ') || '—' },
    {
      key: 'classroom',
      header: t('coursesUi.field.classroomId'),
      card: 'fact',
      render: (c) => (
        <Text truncate maxW="48" title={c.classroom?.name ?? c.place}>
          {c.classroom?.name ?? (c.place || '—')}
        </Text>
      ),
      hideBelow: 1100,
    },
    { key: 'lessons', header: t('coursesUi.course.lessons'), card: 'fact', align: 'end', render: (c) => (c.totalNumber ? `${c.lessons.totalCount} / ${c.totalNumber}` : String(c.lessons.totalCount)) },
    { key: 'students', header: t('coursesUi.course.students'), card: 'fact', align: 'end', render: (c) => (c.studentCount ? `${c.enrollments.totalCount} / ${c.studentCount}` : String(c.enrollments.totalCount)) },
    { key: 'hours', header: t('coursesUi.field.lessonHours'), card: 'hidden', align: 'end', render: (c) => hours(c.lessonHours), hideBelow: 1280 },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('coursesUi.course.list')}
        columns={columns}
        rows={rows}
        rowId={(c) => c.id}
        rowLabel={(c) => c.name}
        onOpen={open}
        stale={stale}
        actions={(c) => [
          { key: 'open', label: t('coursesUi.course.open'), onSelect: () => open(c) },
          ...(c.viewerCanManage ? [{ key: 'edit', label: t('coursesUi.course.edit'), onSelect: () => onEdit(c) }] : []),
          { key: 'export', label: t('coursesUi.export.pdf'), onSelect: () => navigate(`/course-export?id=${encodeURIComponent(c.id)}`) },
          ...(c.viewerCanManage ? [{ key: 'delete', label: t('coursesUi.course.delete'), danger: true, onSelect: () => setDeleting(c) }] : []),
        ]}
        empty={{ title: t('coursesUi.course.empty') }}
        testId="course-table"
      />
      <LoadMore shown={rows.length} total={data.courses.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="course-more" />
      {deleting && (
        <ConfirmDialog
          title={t('coursesUi.course.deleteTitle')}
          message={t('coursesUi.course.deleteMessage', { name: deleting.name })}
          confirmLabel={t('coursesUi.course.delete')}
          destructive
          busy={del.busy}
          error={del.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => del.run({ input: { courseIds: [deleting.id] }, connections: [data.courses.__id] }, { onDone: () => (notify('success', t('coursesUi.course.deleted')), setDeleting(null)) })}
          testId="course-delete-dialog"
        />
      )}
    </Stack>
  );
}

function Results({ queryRef, stale, onEdit }: { queryRef: PreloadedQuery<CourseListQuery>; stale: boolean; onEdit: (c: Course) => void }) {
  const data = usePreloadedQuery<CourseListQuery>(listQuery, queryRef);
  return <Rows query={data} stale={stale} onEdit={onEdit} />;
}

function Header({ queryRef, onAdd }: { queryRef: PreloadedQuery<CourseListQuery>; onAdd: () => void }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<CourseListQuery>(listQuery, queryRef);
  return data.viewer.manage ? (
    <Button size="sm" colorPalette="blue" onClick={onAdd} data-testid="course-add">
      <Plus size={16} /> {t('coursesUi.course.add')}
    </Button>
  ) : null;
}

/** The project filter, for viewers who read projects (the list of live projects, loaded when shown). */
function ProjectFilter({ queryRef, value, onChange }: { queryRef: PreloadedQuery<CourseListQuery>; value: string; onChange: (id: string, name: string) => void }) {
  const data = usePreloadedQuery<CourseListQuery>(listQuery, queryRef);
  return data.viewer.projects ? <ProjectOptions value={value} onChange={onChange} /> : null;
}

function ProjectOptions({ value, onChange }: { value: string; onChange: (id: string, name: string) => void }) {
  const { t } = useTranslation();
  const projects = useLazyLoadQuery<CourseListProjectsQuery>(projectsQuery, {}, { fetchPolicy: 'store-or-network' }).projects.edges.map((e) => e.node);
  return (
    <SelectFilter
      label={t('coursesUi.field.project')}
      all={`${t('coursesUi.field.project')}: ${t('coursesUi.all')}`}
      value={value}
      onChange={(id) => onChange(id, projects.find((p) => p.id === id)?.name ?? '')}
      options={projects.map((p) => ({ value: p.id, label: p.name }))}
      width="44"
      testId="course-filter-project"
    />
  );
}

function ClassroomFilter({ queryRef, value, onChange }: { queryRef: PreloadedQuery<CourseListQuery>; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<CourseListQuery>(listQuery, queryRef);
  return (
    <SelectFilter
      label={t('coursesUi.field.classroomId')}
      all={`${t('coursesUi.field.classroomId')}: ${t('coursesUi.all')}`}
      value={value}
      onChange={onChange}
      options={data.classrooms.edges.map(({ node }) => ({ value: node.id, label: `${node.no} ${node.name}` }))}
      width="44"
      testId="course-filter-classroom"
    />
  );
}

/**
 * 课程列表 (`/course/list`) and 新增课程 (`/course/add`, the same list with the add dialog
 * open): courses the viewer sees, filtered by type, site, progress, lecturer, classroom and project, searched by
 * name or number; a row opens the course's detail (docs/courses-ui.md).
 */
export default function CourseList({ adding = false }: { adding?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useUrlState(COURSE_LIST_DEFAULTS);
  const filter = useMemo(() => courseFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(courseListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const [form, setForm] = useState<'add' | Course | null>(adding ? 'add' : null);
  const chips = [
    state.type && { key: 'type', label: t('coursesUi.field.type'), value: t(`coursesUi.type.${state.type}`), onRemove: () => setState({ type: '' }) },
    state.site && { key: 'site', label: t('coursesUi.field.site'), value: t(`coursesUi.site.${state.site}`), onRemove: () => setState({ site: '' }) },
    state.lecturer && { key: 'lecturer', label: t('coursesUi.field.lecturer'), value: state.lecturerName, onRemove: () => setState({ lecturer: '', lecturerName: '' }) },
    state.classroom && { key: 'classroom', label: t('coursesUi.field.classroomId'), value: t('coursesUi.chosen'), onRemove: () => setState({ classroom: '' }) },
    state.project && { key: 'project', label: t('coursesUi.field.project'), value: state.projectName || t('coursesUi.chosen'), onRemove: () => setState({ project: '', projectName: '' }) },
    state.progress && { key: 'progress', label: t('coursesUi.field.progress'), value: t(`coursesUi.progress.${state.progress}`), onRemove: () => setState({ progress: '' }) },
  ].filter((c): c is { key: string; label: string; value: string; onRemove: () => void } => !!c);
  return (
    <Stack gap="3" minW="0" maxW="full" data-testid="course-list">
      {/* The query also feeds the header and filters: a failed load shows here, with a retry. */}
      <ErrorBoundary onRetry={retry} compact>
        <Flex align="center" gap="2" wrap="wrap">
          <Heading size="lg" flex="1">
            {t('coursesUi.course.list')}
          </Heading>
          <Suspense fallback={null}>
            <Header queryRef={queryRef} onAdd={() => setForm('add')} />
          </Suspense>
        </Flex>
        <FilterBar
          pending={pending}
          search={state.search}
          onSearch={(search) => setState({ search })}
          searchLabel={t('coursesUi.course.search')}
          chips={chips}
          onClearAll={() => setState({ type: '', site: '', lecturer: '', lecturerName: '', classroom: '', project: '', projectName: '', progress: '', search: '' })}
          primary={
            <>
              <SelectFilter
                label={t('coursesUi.field.type')}
                all={`${t('coursesUi.field.type')}: ${t('coursesUi.all')}`}
                value={state.type}
                onChange={(type) => setState({ type })}
                options={COURSE_TYPES.map((v) => ({ value: v, label: t(`coursesUi.type.${v}`) }))}
                width="40"
                testId="course-filter-type"
              />
              <SelectFilter
                label={t('coursesUi.field.site')}
                all={`${t('coursesUi.field.site')}: ${t('coursesUi.all')}`}
                value={state.site}
                onChange={(site) => setState({ site })}
                options={COURSE_SITES.map((v) => ({ value: v, label: t(`coursesUi.site.${v}`) }))}
                width="40"
                testId="course-filter-site"
              />
              <SelectFilter
                label={t('coursesUi.field.progress')}
                all={`${t('coursesUi.field.progress')}: ${t('coursesUi.all')}`}
                value={state.progress}
                onChange={(progress) => setState({ progress })}
                options={COURSE_PROGRESS.map((v) => ({ value: v, label: t(`coursesUi.progress.${v}`) }))}
                width="40"
                testId="course-filter-progress"
              />
            </>
          }
          more={
            <Stack gap="2" minW="64">
              <UserSelect
                value={state.lecturer ? { id: state.lecturer, label: state.lecturerName } : null}
                onChange={(o) => setState({ lecturer: o?.id ?? '', lecturerName: o?.label ?? '' })}
                label={t('coursesUi.field.lecturer')}
                placeholder={t('coursesUi.field.lecturer')}
                testId="course-filter-lecturer"
              />
              <Suspense fallback={null}>
                <ClassroomFilter queryRef={queryRef} value={state.classroom} onChange={(classroom) => setState({ classroom })} />
              </Suspense>
              <Suspense fallback={null}>
                <ProjectFilter queryRef={queryRef} value={state.project} onChange={(project, projectName) => setState({ project, projectName })} />
              </Suspense>
            </Stack>
          }
          testId="course-filters"
        />
        <ErrorBoundary onRetry={retry} compact>
          <Suspense fallback={<DataTable label={t('coursesUi.course.list')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
            <Results queryRef={queryRef} stale={pending} onEdit={(c) => setForm(c)} />
          </Suspense>
        </ErrorBoundary>
        {form && (
          <Suspense fallback={<DialogLoading title={t('coursesUi.form.addTitle')} onClose={() => setForm(null)} testId="course-form-loading" />}>
            <CourseFormDialogFor
              course={form === 'add' ? null : form}
              onClose={() => setForm(null)}
              onSaved={(id) => {
                notify('success', t('coursesUi.saved'));
                setForm(null);
                if (form === 'add') navigate(`/mission/course-detail/${encodeURIComponent(id)}`, AFTER_SAVE);
                else startTransition(() => load(queryRef.variables));
              }}
            />
          </Suspense>
        )}
      </ErrorBoundary>
    </Stack>
  );
}

/** The list row's course as the form's draft (the row lacks the form's detail: the detail screen edits everything). */
function CourseFormDialogFor({ course, onClose, onSaved }: { course: Course | null; onClose: () => void; onSaved: (id: string) => void }) {
  if (!course) return <CourseFormDialog onClose={onClose} onSaved={onSaved} />;
  return <CourseEditLoader id={course.id} onClose={onClose} onSaved={onSaved} />;
}

/** 新增课程 (`/course/add`): the course list with the add dialog open. */
export function CourseAdd() {
  return <CourseList adding />;
}
