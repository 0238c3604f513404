import { Button, chakra, Flex, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { ProjectForm, useProjectDraft } from '../ProjectForm.tsx';
import { EMPTY_PROJECT, projectInput } from '../projectDraft.ts';
import type { ProjectAddMutation } from './__generated__/ProjectAddMutation.graphql.ts';

const createMutation = graphql`
  mutation ProjectAddMutation($input: CreateProjectInput!) {
    createProject(input: $input) {
      __typename
      ... on ProjectPayload {
        project {
          id
          name
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** 新建项目 (`/project/add`): the form; after saving, the new project's detail. */
export default function ProjectAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft, problems, change, check } = useProjectDraft(EMPTY_PROJECT);
  const create = useMutationAction<ProjectAddMutation, ProjectAddMutation['response']['createProject']>(createMutation, (r) => r.createProject);
  const save = () => {
    if (!check()) return;
    create.run(
      { input: projectInput(draft) },
      {
        onDone: (a) => {
          if (a.__typename !== 'ProjectPayload' || !a.project) return;
          notify('success', t('contentUi.saved'));
          navigate(`/project/detail/${encodeURIComponent(a.project.id)}`, { replace: true });
        },
      },
    );
  };
  return (
    <Stack gap="4" maxW="4xl" data-testid="project-add-page">
      <Heading size="lg">{t('contentUi.project.add')}</Heading>
      <chakra.form
        noValidate
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: '3', md: '5' }}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="4">
          <FormError message={create.error} testId="project-add-error" />
          <ProjectForm draft={draft} onChange={change} problems={problems} canChooseManager />
          <Flex gap="2" justify="flex-end">
            <Button variant="outline" onClick={() => navigate('/project/list')}>
              {t('client.cancel')}
            </Button>
            <Button type="submit" colorPalette="blue" loading={create.busy} data-testid="project-add-save">
              {t('contentUi.save')}
            </Button>
          </Flex>
        </Stack>
      </chakra.form>
    </Stack>
  );
}
