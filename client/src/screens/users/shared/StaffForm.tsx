import { Checkbox, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useLang } from '../../../lib/useLang.ts';
import { sessionUser } from '../../../state/session.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { DeptSelect } from '../../departments/index.ts';
import type { StaffForm_query$key } from './__generated__/StaffForm_query.graphql.ts';
import type { StaffFormCreateMutation, StaffFormCreateMutation$data } from './__generated__/StaffFormCreateMutation.graphql.ts';
import type { StaffFormUpdateMutation, StaffFormUpdateMutation$data } from './__generated__/StaffFormUpdateMutation.graphql.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const formFragment = graphql`
  fragment StaffForm_query on Query {
    roleList(type: STAFF, first: 200) {
      edges {
        node {
          id
          code
          name
          nameEn
          rightKeys
        }
      }
    }
    departmentTree {
      ...departmentsTree @relay(mask: false)
    }
    timeZones(first: 500) {
      edges {
        node {
          name
          nameZh
          nameEn
          utcOffset
        }
      }
    }
    viewer {
      changeState: can(right: "staff.changeState")
      roles {
        code
        rightKeys
      }
    }
  }
`;

const personFields = graphql`
  fragment StaffForm_person on User {
    id
    databaseId
    name
    nameEn
    account
    code
    mobile
    email
    gender
    state
    timeZone
    sendMail
    isOnline
    sort
    department {
      id
      name
      nameEn
    }
    roles {
      id
      code
      name
      nameEn
    }
  }
`;
void personFields;

const createMutation = graphql`
  mutation StaffFormCreateMutation($input: CreateStaffInput!) {
    createStaff(input: $input) {
      __typename
      ... on SavedPersonPayload {
        generatedPassword
        mailedTo
        user {
          ...StaffForm_person @relay(mask: false)
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation StaffFormUpdateMutation($input: UpdateStaffInput!) {
    updateStaff(input: $input) {
      __typename
      ... on SavedPersonPayload {
        user {
          ...StaffForm_person @relay(mask: false)
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

export type StaffValues = {
  name: string;
  nameEn: string;
  account: string;
  code: string;
  mobile: string;
  email: string;
  gender: string;
  departmentId: string;
  roleIds: string[];
  state: string;
  timeZone: string;
  sendMail: boolean;
};

/** A new person starts in the zone of whoever adds them (the server's default when unknown); mailing is opt-in. */
const emptyStaff = (): StaffValues => ({
  name: '',
  nameEn: '',
  account: '',
  code: '',
  mobile: '',
  email: '',
  gender: 'UNKNOWN',
  departmentId: '',
  roleIds: [],
  state: 'FULL_TIME',
  timeZone: sessionUser.get()?.timeZone || DEFAULT_ZONE,
  sendMail: false,
});
const DEFAULT_ZONE = 'Asia/Shanghai';

export type StaffPerson = {
  readonly id: string;
  readonly name: string;
  readonly nameEn?: string | null;
  readonly account?: string | null;
  readonly code?: string | null;
  readonly mobile?: string | null;
  readonly email?: string | null;
  readonly gender: string;
  readonly state: string;
  readonly timeZone?: string | null;
  readonly sendMail: boolean;
  readonly department?: { readonly id: string } | null;
  readonly roles: ReadonlyArray<{ readonly id: string }>;
};

export const valuesOf = (p: StaffPerson): StaffValues => ({
  name: p.name,
  nameEn: p.nameEn ?? '',
  account: p.account ?? '',
  code: p.code ?? '',
  mobile: p.mobile ?? '',
  email: p.email ?? '',
  gender: p.gender,
  departmentId: p.department?.id ?? '',
  roleIds: p.roles.map((r) => r.id),
  state: p.state,
  timeZone: p.timeZone || DEFAULT_ZONE,
  sendMail: p.sendMail,
});

type Problems = Partial<Record<'name' | 'account' | 'email' | 'roles', string>>;

/** What the form checks before sending (the server checks again and answers the rest). */
function check(v: StaffValues, t: (k: string) => string): Problems {
  const p: Problems = {};
  if (!v.name.trim()) p.name = t('orgUi.staff.nameRequired');
  if (!/^[A-Za-z0-9._@-]{2,50}$/.test(v.account.trim())) p.account = t('orgUi.staff.accountRule');
  if (v.sendMail && !v.email.trim()) p.email = t('orgUi.staff.emailForMail');
  return p;
}

export type SavedStaff = { id: string; name: string; password: string | null; mailedTo: string | null; created: boolean };

/** The staff form's state and save: create without `editing`, update with it. */
export function useStaffForm(editing: StaffPerson | null) {
  const { t } = useTranslation();
  const [values, setValues] = useState<StaffValues>(() => (editing ? valuesOf(editing) : emptyStaff()));
  const [problems, setProblems] = useState<Problems>({});
  const [tried, setTried] = useState(false);
  const create = useMutationAction<StaffFormCreateMutation, StaffFormCreateMutation$data['createStaff']>(createMutation, (r) => r.createStaff);
  const update = useMutationAction<StaffFormUpdateMutation, StaffFormUpdateMutation$data['updateStaff']>(updateMutation, (r) => r.updateStaff);
  const set = (patch: Partial<StaffValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (tried) setProblems(check(next, t));
  };
  const save = (onSaved: (s: SavedStaff) => void) => {
    setTried(true);
    const p = check(values, t);
    setProblems(p);
    if (Object.keys(p).length) return;
    const input = {
      name: values.name.trim(),
      nameEn: values.nameEn.trim() || null,
      account: values.account.trim(),
      code: values.code.trim() || null,
      mobile: values.mobile.trim() || null,
      email: values.email.trim() || null,
      gender: values.gender as 'MALE' | 'FEMALE' | 'UNKNOWN',
      departmentId: values.departmentId || null,
      roleIds: values.roleIds,
      state: values.state as 'FULL_TIME' | 'PART_TIME' | 'DEACTIVATED',
      timeZone: values.timeZone || null,
      sendMail: values.sendMail,
    };
    if (editing) {
      update.run({ input: { ...input, userId: editing.id } }, { onDone: (a) => a.__typename === 'SavedPersonPayload' && onSaved({ id: a.user!.id, name: a.user!.name, password: null, mailedTo: null, created: false }) });
    } else {
      create.run(
        { input },
        { onDone: (a) => a.__typename === 'SavedPersonPayload' && onSaved({ id: a.user!.id, name: a.user!.name, password: a.generatedPassword ?? null, mailedTo: a.mailedTo ?? null, created: true }) },
      );
    }
  };
  return { values, set, problems, save, busy: create.busy || update.busy, error: create.error ?? update.error, editing };
}

type Zone = { readonly name: string; readonly nameZh: string; readonly nameEn: string; readonly utcOffset: string };

/** The person's time zone: wall times are shown and read in it. */
function ZoneField({ zones, value, onChange }: { zones: ReadonlyArray<Zone>; value: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Field.Root>
      <Field.Label>{t('orgUi.col.timeZone')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid="staff-timeZone">
          {!zones.some((z) => z.name === value) && <option value={value}>{value}</option>}
          {zones.map((z) => (
            <option key={z.name} value={z.name}>
              {`(UTC${z.utcOffset}) ${lang === 'en' ? z.nameEn : z.nameZh}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The staff fields (names, account, contact, department, roles, state, mailing of passwords). */
export function StaffFields({ query, form }: { query: StaffForm_query$key; form: ReturnType<typeof useStaffForm> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useFragment(formFragment, query);
  const { values: v, set, problems } = form;
  const roles = data.roleList.edges.map((e) => e.node);
  // A role is offered only when the editor holds every right it carries (the server refuses the
  // rest: nobody raises anyone above themself); a role the person already has may stay.
  const admin = data.viewer.roles.some((r) => r.code === 'admin');
  const mine = new Set(data.viewer.roles.flatMap((r) => r.rightKeys));
  const grantable = (r: (typeof roles)[number]) => admin || (r.code !== 'admin' && r.rightKeys.every((k) => mine.has(k)));
  const locked = roles.filter((r) => !grantable(r) && !v.roleIds.includes(r.id));
  // Moving into or out of deactivated needs staff.changeState; the edit keeps a deactivated state as it is.
  const states = form.editing?.state === 'DEACTIVATED' || data.viewer.changeState ? ['FULL_TIME', 'PART_TIME', 'DEACTIVATED'] : ['FULL_TIME', 'PART_TIME'];
  const text = (key: keyof StaffValues, label: string, opts: { required?: boolean; problem?: string; type?: string } = {}) => (
    <Field.Root required={opts.required} invalid={!!opts.problem}>
      <Field.Label>
        {label}
        {opts.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input type={opts.type ?? 'text'} value={v[key] as string} onChange={(e) => set({ [key]: e.target.value })} data-testid={`staff-${key}`} />
      {opts.problem && <Field.ErrorText data-testid={`staff-${key}-error`}>{opts.problem}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', t('orgUi.col.name'), { required: true, problem: problems.name })}
        {text('nameEn', t('orgUi.col.nameEn'))}
        {text('account', t('orgUi.col.account'), { required: true, problem: problems.account })}
        {text('code', t('orgUi.col.code'))}
        {text('mobile', t('orgUi.col.mobile'))}
        {text('email', t('orgUi.col.email'), { type: 'email', problem: problems.email })}
        <Field.Root>
          <Field.Label>{t('orgUi.col.gender')}</Field.Label>
          <ChoiceSelect value={v.gender} onChange={(gender) => set({ gender })} options={['UNKNOWN', 'MALE', 'FEMALE'].map((g) => ({ value: g, label: t(`orgUi.gender.${g}`) }))} testId="staff-gender" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('orgUi.col.department')}</Field.Label>
          <DeptSelect tree={data.departmentTree} value={v.departmentId} onChange={(departmentId) => set({ departmentId })} empty={t('orgUi.staff.noDepartment')} lang={lang} testId="staff-department" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('orgUi.col.state')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={v.state} onChange={(e) => set({ state: e.target.value })} data-testid="staff-state">
              {states.map((s) => (
                <option key={s} value={s}>
                  {t(`orgUi.state.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <ZoneField zones={data.timeZones.edges.map((e) => e.node)} value={v.timeZone} onChange={(timeZone) => set({ timeZone })} />
      </SimpleGrid>
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t('orgUi.col.roles')}
        </Fieldset.Legend>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="2" data-testid="staff-roles">
          {roles.map((r) => (
            <Checkbox.Root
              key={r.id}
              disabled={!grantable(r) && !v.roleIds.includes(r.id)}
              checked={v.roleIds.includes(r.id)}
              onCheckedChange={(e) => set({ roleIds: e.checked ? [...v.roleIds, r.id] : v.roleIds.filter((x) => x !== r.id) })}
              data-testid={`staff-role-${r.code}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{personName(r, lang)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
        <Fieldset.HelperText data-testid="staff-roles-hint">
          {t('orgUi.staff.rolesHint')}
          {locked.length > 0 && ` ${t('orgUi.staff.rolesLocked', { names: locked.map((r) => personName(r, lang)).join('、') })}`}
        </Fieldset.HelperText>
      </Fieldset.Root>
      <Checkbox.Root checked={v.sendMail} onCheckedChange={(e) => set({ sendMail: !!e.checked })} data-testid="staff-sendMail">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('orgUi.staff.sendMail')}</Checkbox.Label>
      </Checkbox.Root>
      {!form.editing && (
        <Text fontSize="sm" color="fg.muted">
          {t('orgUi.staff.passwordHint')}
        </Text>
      )}
    </Stack>
  );
}
