import { Checkbox, Field, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { PasswordShown } from '../shared/PasswordShown.tsx';
import { PersonSelect } from '../shared/PersonSelect.tsx';
import { StaffFields, useStaffForm, type StaffPerson } from '../shared/StaffForm.tsx';
import type { StaffForm_query$key } from '../shared/__generated__/StaffForm_query.graphql.ts';
import type { StaffActsActivateMutation, StaffActsActivateMutation$data } from './__generated__/StaffActsActivateMutation.graphql.ts';
import type { StaffActsDeactivateMutation, StaffActsDeactivateMutation$data } from './__generated__/StaffActsDeactivateMutation.graphql.ts';
import type { StaffActsHandoverMutation, StaffActsHandoverMutation$data } from './__generated__/StaffActsHandoverMutation.graphql.ts';
import type { StaffActsResetMutation, StaffActsResetMutation$data } from './__generated__/StaffActsResetMutation.graphql.ts';
import { EditFormDialog } from '../../../components/EditFormDialog.tsx';

const activateMutation = graphql`
  mutation StaffActsActivateMutation($input: StaffStateInput!) {
    activateStaff(input: $input) {
      __typename
      ... on StaffStatePayload {
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
  mutation StaffActsDeactivateMutation($input: StaffStateInput!) {
    deactivateStaff(input: $input) {
      __typename
      ... on StaffStatePayload {
        user {
          id
          state
          isOnline
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resetMutation = graphql`
  mutation StaffActsResetMutation($input: ResetPasswordInput!) {
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

const handoverMutation = graphql`
  mutation StaffActsHandoverMutation($input: ChangeManagerInput!) {
    changeManager(input: $input) {
      __typename
      ... on ChangeManagerPayload {
        movedStudentsConsulted
        movedStudentsTaught
        movedDepartments
      }
      ... on Error {
        message
      }
    }
  }
`;

type Person = StaffPerson & { readonly databaseId: number; readonly email?: string | null };
export type StaffAct = { kind: 'edit' | 'activate' | 'deactivate' | 'reset' | 'handover'; person: Person };

/** The dialog of one act on a staff member (opened from the list's row menu). */
export function StaffActs({ act, query, onClose, onChanged }: { act: StaffAct; query: StaffForm_query$key; onClose: () => void; onChanged: () => void }) {
  const lang = useLang();
  const name = personName(act.person, lang);
  switch (act.kind) {
    case 'edit':
      return <EditStaff person={act.person} query={query} onClose={onClose} onChanged={onChanged} />;
    case 'activate':
    case 'deactivate':
      return <ChangeState kind={act.kind} person={act.person} name={name} onClose={onClose} />;
    case 'reset':
      return <ResetPassword person={act.person} name={name} onClose={onClose} />;
    case 'handover':
      return <Handover person={act.person} name={name} onClose={onClose} onChanged={onChanged} />;
  }
}

function EditStaff({ person, query, onClose, onChanged }: { person: Person; query: StaffForm_query$key; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useStaffForm(person);
  return (
    <EditFormDialog title={t('orgUi.staff.editTitle', { name: personName(person, lang) })} testId="staff-edit-dialog" saved={t('orgUi.saved')} form={form} onClose={onClose} onDone={onChanged}>
      <StaffFields query={query} form={form} />
    </EditFormDialog>
  );
}

function ChangeState({ kind, person, name, onClose }: { kind: 'activate' | 'deactivate'; person: Person; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const activate = useMutationAction<StaffActsActivateMutation, StaffActsActivateMutation$data['activateStaff']>(activateMutation, (r) => r.activateStaff);
  const deactivate = useMutationAction<StaffActsDeactivateMutation, StaffActsDeactivateMutation$data['deactivateStaff']>(deactivateMutation, (r) => r.deactivateStaff);
  const action = kind === 'activate' ? activate : deactivate;
  const confirm = () =>
    action.run(
      { input: { userId: person.id } },
      {
        onDone: () => {
          notify('success', t(kind === 'activate' ? 'orgUi.staff.activated' : 'orgUi.staff.deactivated', { name }));
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      title={t(kind === 'activate' ? 'orgUi.act.activate' : 'orgUi.act.deactivate')}
      message={t(kind === 'activate' ? 'orgUi.staff.activateWhat' : 'orgUi.staff.deactivateWhat', { name })}
      confirmLabel={t(kind === 'activate' ? 'orgUi.act.activate' : 'orgUi.act.deactivate')}
      onConfirm={confirm}
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      destructive={kind === 'deactivate'}
      testId={`staff-${kind}-dialog`}
    />
  );
}

function ResetPassword({ person, name, onClose }: { person: Person; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [mail, setMail] = useState(false);
  const [shown, setShown] = useState<{ password: string | null; mailedTo: string | null } | null>(null);
  const reset = useMutationAction<StaffActsResetMutation, StaffActsResetMutation$data['resetPassword']>(resetMutation, (r) => r.resetPassword);
  if (shown) return <PasswordShown name={name} password={shown.password} mailedTo={shown.mailedTo} onClose={onClose} />;
  const confirm = () => reset.run({ input: { userId: person.id, sendMail: mail } }, { onDone: (a) => a.__typename === 'ResetPasswordPayload' && setShown({ password: a.password ?? null, mailedTo: a.mailedTo ?? null }) });
  return (
    <ConfirmDialog
      title={t('orgUi.act.resetPassword')}
      message={t('orgUi.staff.resetWhat', { name })}
      confirmLabel={t('orgUi.act.resetPassword')}
      onConfirm={confirm}
      onClose={onClose}
      busy={reset.busy}
      error={reset.error}
      testId="staff-reset-dialog"
    >
      <Checkbox.Root checked={mail} onCheckedChange={(e) => setMail(!!e.checked)} disabled={!person.email} data-testid="reset-mail">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{person.email ? t('orgUi.staff.resetMail', { address: person.email }) : t('orgUi.staff.resetNoMail')}</Checkbox.Label>
      </Checkbox.Root>
    </ConfirmDialog>
  );
}

const PARTS = ['CONSULTANT', 'LECTURER', 'DEPARTMENT'] as const;

function Handover({ person, name, onClose, onChanged }: { person: Person; name: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [parts, setParts] = useState<string[]>([...PARTS]);
  const [problem, setProblem] = useState<string | null>(null);
  const handover = useMutationAction<StaffActsHandoverMutation, StaffActsHandoverMutation$data['changeManager']>(handoverMutation, (r) => r.changeManager);
  const submit = () => {
    if (!to) return setProblem(t('orgUi.handover.chooseTarget'));
    if (!parts.length) return setProblem(t('orgUi.handover.chooseParts'));
    setProblem(null);
    handover.run(
      { input: { fromUserId: person.id, toUserId: to, parts: parts as Array<(typeof PARTS)[number]> } },
      {
        onDone: (a) => {
          if (a.__typename === 'ChangeManagerPayload') notify('success', t('orgUi.handover.done', { consulted: a.movedStudentsConsulted, taught: a.movedStudentsTaught, departments: a.movedDepartments }));
          onClose();
          onChanged();
        },
      },
    );
  };
  return (
    <FormDialog title={t('orgUi.handover.title', { name })} testId="staff-handover-dialog" onClose={onClose} onSave={submit} busy={handover.busy} error={handover.error ?? problem} saveLabel={t('orgUi.act.handover')}>
      <Text fontSize="sm" color="fg.muted">
        {t('orgUi.handover.what')}
      </Text>
      <Field.Root required>
        <Field.Label htmlFor="handover-to">
          {t('orgUi.handover.to')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Suspense fallback={null}>
          <PersonSelect id="handover-to" filter={{ type: 'STAFF', activeOnly: true }} value={to} onChange={setTo} empty={t('orgUi.choose')} exclude={person.id} testId="handover-to" />
        </Suspense>
      </Field.Root>
      <Stack gap="2" role="group" aria-label={t('orgUi.handover.parts')}>
        {PARTS.map((p) => (
          <Checkbox.Root key={p} checked={parts.includes(p)} onCheckedChange={(e) => setParts((s) => (e.checked ? [...s, p] : s.filter((x) => x !== p)))} data-testid={`handover-${p}`}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(`orgUi.handover.part.${p}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}
