import { Badge, Box, Button, Checkbox, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMenuParams } from '../../../layout/menu.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { OnlineBadge, StateBadge } from '../shared/badges.tsx';
import { PasswordShown } from '../shared/PasswordShown.tsx';
import { UserActDialog, type UserAct } from '../shared/UserActs.tsx';
import { UserFields, useUserForm, type UserPerson } from '../shared/UserForm.tsx';
import { userDetailRoute } from './UserDetail.route.ts';
import type { UserDetailQuery, UserDetailQuery$data } from './__generated__/UserDetailQuery.graphql.ts';
import type { UserDetailResetMutation, UserDetailResetMutation$data } from './__generated__/UserDetailResetMutation.graphql.ts';
import type { UserDetailRolesMutation, UserDetailRolesMutation$data } from './__generated__/UserDetailRolesMutation.graphql.ts';
import { AFTER_SAVE } from '../../../lib/dirty.ts';
import { EditFormDialog } from '../../../components/EditFormDialog.tsx';

const detailQuery = graphql`
  query UserDetailQuery($id: ID!) {
    viewer {
      edit: can(right: "user.edit")
      roleEdit: can(right: "role.edit")
      sensitive: can(right: "archive.sensitive")
    }
    person: node(id: $id) {
      ... on User {
        ...UserForm_person @relay(mask: false) @dangerously_unaliased_fixme
        roles {
          id
          code
          name
          nameEn
        }
        children {
          id
          name
          nameEn
        }
      }
    }
    roleList(first: 200) {
      edges {
        node {
          id
          code
          name
          nameEn
          types
        }
      }
    }
  }
`;

const resetMutation = graphql`
  mutation UserDetailResetMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on ResetPasswordPayload {
        password
        mailedTo
      }
      ... on Error {
        message
      }
    }
  }
`;

const rolesMutation = graphql`
  mutation UserDetailRolesMutation($input: AssignUserRolesInput!) {
    assignUserRoles(input: $input) {
      __typename
      ... on AssignUserRolesPayload {
        user {
          id
          roles {
            id
            code
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

type Node = NonNullable<UserDetailQuery$data['person']>;
/** The node answered as a User (the query selects every field under `... on User`). */
type Person = { readonly [K in keyof Node]-?: Exclude<Node[K], undefined> };

/**
 * 用户详情 (`/user-manage/detail/:id`): a parent's or student's data as the server answers it
 * (personal data of minors only to those allowed: withheld fields say so), relations (parent,
 * consultant, lecturer; a parent's children), roles; edit, state, match flag, reset password,
 * roles (role.edit), delete.
 */
export default function UserDetail() {
  const params = useMenuParams();
  const { t } = useTranslation();
  const { queryRef, retry } = useRouteQuery(userDetailRoute, { id: params.id ?? '' });
  const data = usePreloadedQuery<UserDetailQuery>(detailQuery, queryRef);
  if (!data.person?.id) {
    return (
      <Text color="fg.muted" data-testid="user-missing">
        {t('orgUi.user.missing')}
      </Text>
    );
  }
  return <Detail data={data} person={data.person as Person} onChanged={retry} />;
}

function Detail({ data, person, onChanged }: { data: UserDetailQuery$data; person: Person; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [act, setAct] = useState<UserAct | null>(null);
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [rolesOpen, setRolesOpen] = useState(false);
  const name = personName(person, lang);
  useEffect(() => {
    // The tab's path holds the id as the address bar does (encoded) or decoded: name both.
    for (const id of new Set([person.id, encodeURIComponent(person.id)])) titleView(`/user-manage/detail/${id}`, { zh: person.name, en: person.nameEn || person.name });
  }, [person.id, person.name, person.nameEn]);
  const who = { id: person.id!, name, isMatch: person.isMatch! };
  // The server answers null for personal data it withholds and for data never given: without the
  // personal-data right it is withheld, with it the field is simply empty (docs/users-ui.md).
  const withheld = data.viewer.sensitive ? null : (
    <Text as="span" color="fg.subtle">
      {t('orgUi.user.hidden')}
    </Text>
  );
  const fact = (label: string, value: React.ReactNode, testId?: string) => (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box data-testid={testId}>{value === '' || value == null ? <Text color="fg.subtle">—</Text> : value}</Box>
    </Box>
  );
  return (
    <Stack gap="3" data-testid="user-detail" maxW="5xl">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" minW="0" data-testid="user-detail-name">
          {name}
        </Heading>
        <Badge variant="outline">{t(`orgUi.type.${person.type}`)}</Badge>
        <StateBadge state={person.state!} family />
        <OnlineBadge online={person.isOnline!} />
        {person.isMatch && (
          <Badge colorPalette="blue" variant="subtle">
            {t('orgUi.user.matched')}
          </Badge>
        )}
        <Box flex="1" />
        <Button size="sm" variant="outline" onClick={() => navigate('/user-manage/list', AFTER_SAVE)}>
          {t('orgUi.user.back')}
        </Button>
      </Flex>
      {data.viewer.edit && (
        <Flex gap="2" wrap="wrap" data-testid="user-acts">
          <Button size="sm" colorPalette="blue" onClick={() => setEditing(true)} data-testid="user-edit">
            {t('orgUi.act.edit')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAct({ kind: person.state === 'DEACTIVATED' ? 'activate' : 'deactivate', person: who })} data-testid="user-state">
            {t(person.state === 'DEACTIVATED' ? 'orgUi.act.activate' : 'orgUi.act.deactivate')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAct({ kind: 'match', person: who })} data-testid="user-match">
            {t(person.isMatch ? 'orgUi.user.unmatch' : 'orgUi.user.match')}
          </Button>
          {person.account && (
            <Button size="sm" variant="outline" onClick={() => setResetting(true)} data-testid="user-reset">
              {t('orgUi.act.resetPassword')}
            </Button>
          )}
          {data.viewer.roleEdit && (
            <Button size="sm" variant="outline" onClick={() => setRolesOpen(true)} data-testid="user-roles">
              {t('orgUi.act.roles')}
            </Button>
          )}
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAct({ kind: 'delete', person: who })} data-testid="user-delete">
            {t('orgUi.act.delete')}
          </Button>
        </Flex>
      )}
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {fact(t('orgUi.col.nameEn'), person.nameEn)}
          {fact(t('orgUi.col.account'), person.account, 'user-detail-account')}
          {fact(t('orgUi.col.gender'), t(`orgUi.gender.${person.gender}`))}
          {fact(t('orgUi.col.mobile'), person.mobile ?? withheld, 'user-detail-mobile')}
          {fact(t('orgUi.col.email'), person.email ?? withheld)}
          {fact(t('orgUi.col.birthday'), typeof person.birthday === 'string' ? person.birthday : withheld)}
          {fact(t('orgUi.col.created'), fmt.dateTime(person.createdAt as string))}
          {fact(t('orgUi.col.roles'), person.roles?.map((r) => personName(r, lang)).join('、'), 'user-detail-roles')}
        </SimpleGrid>
      </Box>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4">
        <Heading size="sm" mb="3">
          {t('orgUi.user.relations')}
        </Heading>
        {person.type === 'STUDENT' ? (
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" data-testid="user-relations">
            {fact(t('orgUi.user.parent'), personName(person.parent, lang), 'user-relation-parent')}
            {fact(t('orgUi.user.consultant'), personName(person.consultant, lang), 'user-relation-consultant')}
            {fact(t('orgUi.user.lecturer'), personName(person.lecturer, lang), 'user-relation-lecturer')}
          </SimpleGrid>
        ) : (
          <Box data-testid="user-relations">
            {fact(
              t('orgUi.user.children'),
              (person.children ?? []).map((c) => (
                <Button key={c.id} size="xs" variant="ghost" onClick={() => navigate(`/user-manage/detail/${encodeURIComponent(c.id)}`)}>
                  {personName(c, lang)}
                </Button>
              )),
            )}
          </Box>
        )}
      </Box>
      {act && <UserActDialog act={act} onClose={() => setAct(null)} onDone={act.kind === 'delete' ? () => navigate('/user-manage/list', AFTER_SAVE) : onChanged} />}
      {editing && <EditUser person={person as UserPerson} onClose={() => setEditing(false)} onDone={onChanged} />}
      {resetting && <ResetUser id={person.id!} name={name} email={person.email ?? null} onClose={() => setResetting(false)} />}
      {rolesOpen && <RolesDialog person={person} all={data.roleList.edges.map((e) => e.node)} onClose={() => setRolesOpen(false)} />}
    </Stack>
  );
}

function EditUser({ person, onClose, onDone }: { person: UserPerson; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useUserForm(person);
  return (
    <EditFormDialog title={t('orgUi.user.editTitle', { name: personName(person, lang) })} testId="user-edit-dialog" saved={t('orgUi.saved')} form={form} onClose={onClose} onDone={onDone}>
      <UserFields form={form} />
    </EditFormDialog>
  );
}

function ResetUser({ id, name, email, onClose }: { id: string; name: string; email: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [mail, setMail] = useState(false);
  const [shown, setShown] = useState<{ password: string | null; mailedTo: string | null } | null>(null);
  const reset = useMutationAction<UserDetailResetMutation, UserDetailResetMutation$data['resetPassword']>(resetMutation, (r) => r.resetPassword);
  if (shown) return <PasswordShown name={name} password={shown.password} mailedTo={shown.mailedTo} onClose={onClose} />;
  return (
    <FormDialog
      title={t('orgUi.act.resetPassword')}
      testId="user-reset-dialog"
      onClose={onClose}
      onSave={() => reset.run({ input: { userId: id, sendMail: mail } }, { onDone: (a) => a.__typename === 'ResetPasswordPayload' && setShown({ password: a.password ?? null, mailedTo: a.mailedTo ?? null }) })}
      busy={reset.busy}
      error={reset.error}
      saveLabel={t('orgUi.act.resetPassword')}
    >
      <Text fontSize="sm">{t('orgUi.staff.resetWhat', { name })}</Text>
      <Checkbox.Root checked={mail} onCheckedChange={(e) => setMail(!!e.checked)} disabled={!email}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{email ? t('orgUi.staff.resetMail', { address: email }) : t('orgUi.staff.resetNoMail')}</Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  );
}

function RolesDialog({ person, all, onClose }: { person: Person; all: ReadonlyArray<{ id: string; code: string; name: string; nameEn?: string | null; types: ReadonlyArray<string> }>; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [ids, setIds] = useState<string[]>(() => (person.roles ?? []).map((r) => r.id));
  const save = useMutationAction<UserDetailRolesMutation, UserDetailRolesMutation$data['assignUserRoles']>(rolesMutation, (r) => r.assignUserRoles);
  const fitting = all.filter((r) => r.types.includes(person.type!));
  return (
    <FormDialog
      title={t('orgUi.user.rolesTitle', { name: person.name })}
      testId="user-roles-dialog"
      onClose={onClose}
      onSave={() =>
        save.run(
          { input: { userId: person.id!, roleIds: ids } },
          {
            onDone: () => {
              notify('success', t('orgUi.saved'));
              onClose();
            },
          },
        )
      }
      busy={save.busy}
      error={save.error}
    >
      <Stack gap="2" role="group" aria-label={t('orgUi.col.roles')}>
        {fitting.map((r) => (
          <Checkbox.Root key={r.id} checked={ids.includes(r.id)} onCheckedChange={(e) => setIds((s) => (e.checked ? [...s, r.id] : s.filter((x) => x !== r.id)))}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{personName(r, lang)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}
