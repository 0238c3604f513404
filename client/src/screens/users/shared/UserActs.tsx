import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { UserActsActivateMutation, UserActsActivateMutation$data } from './__generated__/UserActsActivateMutation.graphql.ts';
import type { UserActsDeactivateMutation, UserActsDeactivateMutation$data } from './__generated__/UserActsDeactivateMutation.graphql.ts';
import type { UserActsDeleteMutation, UserActsDeleteMutation$data } from './__generated__/UserActsDeleteMutation.graphql.ts';
import type { UserActsMatchMutation, UserActsMatchMutation$data } from './__generated__/UserActsMatchMutation.graphql.ts';

const activateMutation = graphql`
  mutation UserActsActivateMutation($input: UserStateInput!) {
    activateUser(input: $input) {
      __typename
      ... on UserStatePayload {
        user {
          id
          state
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deactivateMutation = graphql`
  mutation UserActsDeactivateMutation($input: UserStateInput!) {
    deactivateUser(input: $input) {
      __typename
      ... on DeactivateUserPayload {
        user {
          id
          state
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const matchMutation = graphql`
  mutation UserActsMatchMutation($input: SetUserMatchInput!) {
    setUserMatch(input: $input) {
      __typename
      ... on SetUserMatchPayload {
        user {
          id
          isMatch
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation UserActsDeleteMutation($input: DeleteUsersInput!) {
    deleteUsers(input: $input) {
      __typename
      ... on DeleteUsersPayload {
        deletedUserIds
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

export type UserAct = { kind: 'activate' | 'deactivate' | 'match' | 'delete'; person: { id: string; name: string; isMatch: boolean } };

/** One confirmed act on a parent or student: activate, deactivate (ends their sessions), the match flag, delete (refused by name while held). */
export function UserActDialog({ act, onClose, onDone }: { act: UserAct; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const activate = useMutationAction<UserActsActivateMutation, UserActsActivateMutation$data['activateUser']>(activateMutation, (r) => r.activateUser);
  const deactivate = useMutationAction<UserActsDeactivateMutation, UserActsDeactivateMutation$data['deactivateUser']>(deactivateMutation, (r) => r.deactivateUser);
  const match = useMutationAction<UserActsMatchMutation, UserActsMatchMutation$data['setUserMatch']>(matchMutation, (r) => r.setUserMatch);
  const del = useMutationAction<UserActsDeleteMutation, UserActsDeleteMutation$data['deleteUsers']>(deleteMutation, (r) => r.deleteUsers);
  const { person, kind } = act;
  const finish = (text: string) => () => {
    notify('success', text);
    onClose();
    onDone();
  };
  const action = { activate, deactivate, match, delete: del }[kind];
  const confirm = () => {
    if (kind === 'activate') activate.run({ input: { userId: person.id } }, { onDone: finish(t('orgUi.user.activated', { name: person.name })) });
    if (kind === 'deactivate') deactivate.run({ input: { userId: person.id } }, { onDone: finish(t('orgUi.user.deactivated', { name: person.name })) });
    if (kind === 'match') match.run({ input: { userId: person.id, isMatch: !person.isMatch } }, { onDone: finish(t('orgUi.saved')) });
    if (kind === 'delete') del.run({ input: { userIds: [person.id] } }, { onDone: finish(t('orgUi.user.deleted', { name: person.name })) });
  };
  const label = kind === 'match' ? t(person.isMatch ? 'orgUi.user.unmatch' : 'orgUi.user.match') : t(`orgUi.act.${kind}`);
  return (
    <ConfirmDialog
      title={label}
      message={t(`orgUi.user.${kind === 'match' ? (person.isMatch ? 'unmatchWhat' : 'matchWhat') : `${kind}What`}`, { name: person.name })}
      confirmLabel={label}
      onConfirm={confirm}
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      destructive={kind === 'delete' || kind === 'deactivate'}
      testId={`user-${kind}-dialog`}
    />
  );
}
