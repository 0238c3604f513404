import { IconButton } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { notify } from '../../components/toaster.tsx';
import type { FocusButtonFocusMutation } from './__generated__/FocusButtonFocusMutation.graphql.ts';
import type { FocusButtonUnfocusMutation } from './__generated__/FocusButtonUnfocusMutation.graphql.ts';

const focusMutation = graphql`
  mutation FocusButtonFocusMutation($input: ProjectRefInput!) {
    focusProject(input: $input) {
      __typename
      ... on ProjectPayload {
        project {
          id
          isFocused
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const unfocusMutation = graphql`
  mutation FocusButtonUnfocusMutation($input: ProjectRefInput!) {
    unfocusProject(input: $input) {
      __typename
      ... on ProjectPayload {
        project {
          id
          isFocused
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Follow (focus) a project or stop following it: a star that says its state. */
export function FocusButton({ projectId, focused, name }: { projectId: string; focused: boolean; name: string }) {
  const { t } = useTranslation();
  const [focus, focusing] = useMutation<FocusButtonFocusMutation>(focusMutation);
  const [unfocus, unfocusing] = useMutation<FocusButtonUnfocusMutation>(unfocusMutation);
  const label = t(focused ? 'contentUi.project.unfocus' : 'contentUi.project.focus', { name });
  const onError = (e: Error) => notify('error', e.message);
  const toggle = () => {
    const variables = { input: { projectId } };
    if (focused)
      unfocus({
        variables,
        onError,
        onCompleted: (r) => {
          if (r.unfocusProject.__typename !== 'ProjectPayload') notify('error', 'message' in r.unfocusProject ? (r.unfocusProject.message ?? '') : '');
        },
      });
    else
      focus({
        variables,
        onError,
        onCompleted: (r) => {
          if (r.focusProject.__typename !== 'ProjectPayload') notify('error', 'message' in r.focusProject ? (r.focusProject.message ?? '') : '');
        },
      });
  };
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} title={label} aria-pressed={focused} onClick={toggle} loading={focusing || unfocusing} data-testid="project-focus" color={focused ? 'fg.warning' : 'fg.muted'}>
      <Star size={16} fill={focused ? 'currentColor' : 'none'} />
    </IconButton>
  );
}
