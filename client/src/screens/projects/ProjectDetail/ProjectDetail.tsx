import { Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { BarChart3, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMenuParams } from '../../../layout/menu.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { ErrorPage } from '../../system/index.ts';
import { FocusButton } from '../FocusButton.tsx';
import { ProjectForm, useProjectDraft } from '../ProjectForm.tsx';
import { projectInput } from '../projectDraft.ts';
import { ProjectStateBadge } from '../shared.tsx';
import { projectDetailRoute } from './ProjectDetail.route.ts';
import { ProjectFiles } from './ProjectFiles.tsx';
import { ProjectMembers } from './ProjectMembers.tsx';
import type { ProjectDetailQuery, ProjectDetailQuery$data } from './__generated__/ProjectDetailQuery.graphql.ts';
import type { ProjectDetailUpdateMutation } from './__generated__/ProjectDetailUpdateMutation.graphql.ts';

const detailQuery = graphql`
  query ProjectDetailQuery($id: ID!) {
    viewer {
      manage: can(right: "project.manage")
      user {
        id
      }
    }
    node(id: $id) {
      __typename
      ... on Project {
        id
        name
        nameEn
        code
        state
        companyName
        description
        startDate
        endDate
        isFocused
        viewerCanManage
        deleted
        createdAt
        manager {
          id
          name
          nameEn
        }
        viewerIsMember
        ...ProjectMembers_project @alias(as: "membersRef")
        ...ProjectFiles_project @alias(as: "filesRef")
      }
    }
  }
`;

const updateMutation = graphql`
  mutation ProjectDetailUpdateMutation($input: UpdateProjectInput!) {
    updateProject(input: $input) {
      __typename
      ... on ProjectPayload {
        project {
          id
          name
          nameEn
          code
          state
          companyName
          description
          startDate
          endDate
          manager {
            id
            name
            nameEn
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Project = Extract<NonNullable<ProjectDetailQuery$data['node']>, { __typename: 'Project' }>;

function EditDialog({ project, canChooseManager, onClose }: { project: Project; canChooseManager: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { draft, problems, change, check } = useProjectDraft({
    name: project.name,
    nameEn: project.nameEn ?? '',
    code: project.code,
    companyName: project.companyName ?? '',
    description: project.description ?? '',
    startDate: (project.startDate as string | null) ?? '',
    endDate: (project.endDate as string | null) ?? '',
    state: project.state,
    manager: project.manager ? { id: project.manager.id, label: personName(project.manager, lang) } : null,
  });
  const update = useMutationAction<ProjectDetailUpdateMutation>(updateMutation, (r) => r.updateProject);
  const save = () => {
    if (!check()) return;
    const input = projectInput(draft);
    // A project's own manager may edit it but not hand it over: the manager is sent only by those who may choose one.
    const { managerId, ...rest } = input;
    update.run(
      { input: { projectId: project.id, ...rest, code: rest.code ?? project.code, ...(canChooseManager ? { managerId } : {}) } },
      {
        onDone: () => {
          notify('success', t('contentUi.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t('contentUi.project.edit')} testId="project-edit-dialog" onClose={onClose} onSave={save} busy={update.busy} error={update.error} size="lg">
      <ProjectForm draft={draft} onChange={change} problems={problems} canChooseManager={canChooseManager} />
    </FormDialog>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text wordBreak="break-word">{children || '—'}</Text>
    </Box>
  );
}

/**
 * 项目详情 (`/project/detail/:id`): the project's facts with edit and focus, its members with their
 * timelines, and its files. `/project/employee-add/:id` is the same page with the add-member dialog open.
 */
export function ProjectDetailView({ addMember }: { addMember: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id = '' } = useMenuParams();
  const { queryRef } = useRouteQuery(projectDetailRoute, { id });
  const data = usePreloadedQuery<ProjectDetailQuery>(detailQuery, queryRef);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(addMember);
  const node = data.node;
  const project = node?.__typename === 'Project' && !node.deleted ? node : null;
  const name = project ? (lang === 'en' && project.nameEn ? project.nameEn : project.name) : null;
  useEffect(() => {
    if (project) titleView(pathname, { zh: project.name, en: project.nameEn || project.name });
  }, [project, pathname]);
  if (!project || !name) return <ErrorPage code={404} embedded />;
  const viewerId = data.viewer.user.id;
  // The server answers it: the member list is paged, so the first page may not hold the viewer.
  const isMember = project.viewerIsMember;
  return (
    <Stack gap="4" data-testid="project-detail">
      <Flex align="center" gap="2" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => navigate('/project/list')}>
          {t('contentUi.back')}
        </Button>
        <Heading size="lg" flex="1" minW="40" wordBreak="break-word" data-testid="project-title">
          {name}
        </Heading>
        <FocusButton projectId={project.id} focused={project.isFocused} name={name} />
        <Button size="sm" variant="outline" onClick={() => navigate(`/project/cost?project=${encodeURIComponent(project.id)}`)}>
          <BarChart3 size={14} /> {t('contentUi.cost.title')}
        </Button>
        {project.viewerCanManage && (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing(true)} data-testid="project-edit">
            <Pencil size={14} /> {t('contentUi.edit')}
          </Button>
        )}
      </Flex>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
        <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
          <Fact label={t('contentUi.project.stateLabel')}>
            <ProjectStateBadge state={project.state} />
          </Fact>
          <Fact label={t('contentUi.project.code')}>{project.code}</Fact>
          <Fact label={t('contentUi.project.manager')}>{personName(project.manager, lang)}</Fact>
          <Fact label={t('contentUi.project.company')}>{project.companyName}</Fact>
          <Fact label={t('contentUi.project.start')}>{project.startDate ? fmt.date(project.startDate as string) : ''}</Fact>
          <Fact label={t('contentUi.project.end')}>{project.endDate ? fmt.date(project.endDate as string) : ''}</Fact>
          <Fact label={t('contentUi.project.createdAt')}>{fmt.dateTime(project.createdAt as string)}</Fact>
        </Grid>
        {project.description && (
          <Text mt="3" whiteSpace="pre-wrap" wordBreak="break-word">
            {project.description}
          </Text>
        )}
      </Box>
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4" alignItems="start">
        <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
          {project.membersRef && <ProjectMembers project={project.membersRef} adding={adding} onAdding={setAdding} />}
        </Box>
        <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
          {project.filesRef && <ProjectFiles project={project.filesRef} canUpload={project.viewerCanManage || isMember} viewerId={viewerId} />}
        </Box>
      </Grid>
      {editing && <EditDialog project={project} canChooseManager={data.viewer.manage} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

export default function ProjectDetail() {
  return <ProjectDetailView addMember={false} />;
}

/** 添加项目成员 (`/project/employee-add/:id`): the detail with the add-member dialog open. */
export function ProjectEmployeeAdd() {
  return <ProjectDetailView addMember />;
}
