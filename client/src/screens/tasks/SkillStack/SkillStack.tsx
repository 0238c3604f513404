import { Box, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, type Column } from '../../../components/list/DataTable.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import type { SkillStackListQuery } from './__generated__/SkillStackListQuery.graphql.ts';
import type { SkillStackUsageQuery, SkillStackUsageQuery$data } from './__generated__/SkillStackUsageQuery.graphql.ts';

const listQuery = graphql`
  query SkillStackListQuery {
    skillStacks {
      databaseId
      name
      taskCount
    }
  }
`;

const usageQuery = graphql`
  query SkillStackUsageQuery($id: Int!) {
    skillStack(databaseId: $id) {
      databaseId
      name
      taskCount
      projects {
        addedAt
        taskCount
        project {
          id
          name
          nameEn
          code
          deleted
          manager {
            id
            name
            nameEn
          }
        }
      }
    }
  }
`;

type Usage = NonNullable<SkillStackUsageQuery$data['skillStack']>['projects'][number];

/**
 * One skill stack's view (spec: projectName, projectCode, projectManager, addTime, domainInfo):
 * the stack's domain (its name, with how many tasks and projects use it) and the projects whose
 * tasks use it, each with its code, manager and when the stack was first used there. Used by the
 * page below and by the task dialog's skill-stack link. Loads on its own (wrap it in Suspense).
 */
export function SkillStackFacts({ id, onOpenProject }: { id: number; onOpenProject?: (projectId: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const data = useLazyLoadQuery<SkillStackUsageQuery>(usageQuery, { id }, { fetchPolicy: 'store-and-network' });
  const stack = data.skillStack;
  if (!stack) return <Text color="fg.muted">{t('tasksUi.detail.noSkillStack')}</Text>;
  const columns: Array<Column<Usage>> = [
    { key: 'name', header: t('tasksUi.skill.projectName'), card: 'title', render: (u) => (lang === 'en' && u.project.nameEn ? u.project.nameEn : u.project.name) },
    { key: 'code', header: t('tasksUi.skill.projectCode'), card: 'fact', render: (u) => u.project.code },
    { key: 'manager', header: t('tasksUi.skill.projectManager'), card: 'fact', render: (u) => (u.project.manager ? personName(u.project.manager, lang) : '—') },
    { key: 'added', header: t('tasksUi.skill.addTime'), card: 'fact', render: (u) => fmt.dateTime(u.addedAt as string) },
    { key: 'tasks', header: t('tasksUi.skill.tasks'), card: 'fact', render: (u) => String(u.taskCount) },
  ];
  return (
    <Stack gap="3" data-testid="skill-stack-facts">
      <Box>
        <Text fontSize="xs" color="fg.muted">
          {t('tasksUi.skill.domainInfo')}
        </Text>
        <Text data-testid="skill-domain">{t('tasksUi.skill.domain', { name: stack.name, tasks: stack.taskCount, projects: stack.projects.length })}</Text>
      </Box>
      <DataTable
        label={t('tasksUi.skill.projects', { name: stack.name })}
        columns={columns}
        rows={[...stack.projects]}
        rowId={(u) => u.project.id}
        rowLabel={(u) => u.project.name}
        actions={onOpenProject ? (u) => [{ key: 'open', label: t('tasksUi.skill.openProject'), onSelect: () => onOpenProject(u.project.id) }] : undefined}
        onOpen={onOpenProject ? (u) => onOpenProject(u.project.id) : undefined}
        empty={{ title: t('tasksUi.skill.noProjects') }}
        testId="skill-projects"
      />
    </Stack>
  );
}

function Picker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<SkillStackListQuery>(listQuery, {}, { fetchPolicy: 'store-and-network' });
  const stacks = data.skillStacks;
  const chosen = value || (stacks[0] ? String(stacks[0].databaseId) : '');
  return (
    <Stack gap="3">
      <Box maxW="sm">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label={t('tasksUi.skill.choose')} value={chosen} onChange={(e) => onChange(e.target.value)} data-testid="skill-stack-select">
            {stacks.map((s) => (
              <option key={s.databaseId} value={String(s.databaseId)}>
                {t('tasksUi.skill.option', { name: s.name, tasks: s.taskCount })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      {stacks.length === 0 ? <Text color="fg.muted">{t('tasksUi.skill.none')}</Text> : chosen ? <Chosen id={Number(chosen)} /> : null}
    </Stack>
  );
}

function Chosen({ id }: { id: number }) {
  const navigate = useNavigate();
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
      <Suspense fallback={<DataTable label="" columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="skill-projects" />}>
        <SkillStackFacts id={id} onOpenProject={(p) => navigate(`/project/detail/${encodeURIComponent(p)}`)} />
      </Suspense>
    </Box>
  );
}

/** 技能栈 (`/mission/skill-stack`, tool skill): the skill stacks and, for the chosen one (`?stack=` its database id), the projects using it. */
export default function SkillStack() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState<'stack'>({ stack: '' });
  return (
    <Stack gap="3" data-testid="skill-stack">
      <Flex align="center" gap="2">
        <Heading size="lg">{t('tasksUi.skill.title')}</Heading>
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        {t('tasksUi.skill.intro')}
      </Text>
      <ErrorBoundary compact>
        <Suspense fallback={<DataTable label="" columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="skill-projects" />}>
          <Picker value={state.stack} onChange={(stack) => setState({ stack })} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}
