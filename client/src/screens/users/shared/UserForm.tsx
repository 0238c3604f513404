import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { DateField } from '../../../components/fields/DateField.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { PersonSelect } from './PersonSelect.tsx';
import type { UserFormSaveMutation, UserFormSaveMutation$data } from './__generated__/UserFormSaveMutation.graphql.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const saveMutation = graphql`
  mutation UserFormSaveMutation($input: SaveUserInput!) {
    saveUser(input: $input) {
      __typename
      ... on SavedPersonPayload {
        created
        generatedPassword
        mailedTo
        user {
          ...UserForm_person @relay(mask: false)
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

void graphql`
  fragment UserForm_person on User {
    id
    databaseId
    type
    name
    nameEn
    account
    mobile
    email
    gender
    birthday
    state
    isMatch
    isOnline
    sendMail
    createdAt
    parent {
      id
      name
      nameEn
    }
    consultant {
      id
      name
      nameEn
    }
    lecturer {
      id
      name
      nameEn
    }
  }
`;

export type UserPerson = {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly nameEn?: string | null;
  readonly account?: string | null;
  readonly mobile?: string | null;
  readonly email?: string | null;
  readonly gender: string;
  readonly birthday?: unknown;
  readonly sendMail: boolean;
  readonly parent?: { readonly id: string } | null;
  readonly consultant?: { readonly id: string } | null;
  readonly lecturer?: { readonly id: string } | null;
};

type Problems = Partial<Record<'name' | 'account' | 'email', string>>;
export type SavedUser = { id: string; name: string; password: string | null; mailedTo: string | null };

/** The parent/student form's state and save (create without `person`). */
export function useUserForm(person: UserPerson | null, type: 'PARENT' | 'STUDENT' = 'STUDENT') {
  const { t } = useTranslation();
  const [v, setV] = useState({
    type: person?.type ?? type,
    name: person?.name ?? '',
    nameEn: person?.nameEn ?? '',
    account: person?.account ?? '',
    mobile: person?.mobile ?? '',
    email: person?.email ?? '',
    gender: person?.gender ?? 'UNKNOWN',
    birthday: typeof person?.birthday === 'string' ? person.birthday : '',
    parentId: person?.parent?.id ?? '',
    consultantId: person?.consultant?.id ?? '',
    lecturerId: person?.lecturer?.id ?? '',
    sendMail: person?.sendMail ?? false,
  });
  const [problems, setProblems] = useState<Problems>({});
  const action = useMutationAction<UserFormSaveMutation, UserFormSaveMutation$data['saveUser']>(saveMutation, (r) => r.saveUser);
  const check = (x: typeof v): Problems => ({
    ...(x.name.trim() ? {} : { name: t('orgUi.staff.nameRequired') }),
    ...(!x.account.trim() || /^[A-Za-z0-9._@-]{2,50}$/.test(x.account.trim()) ? {} : { account: t('orgUi.staff.accountRule') }),
    ...(x.sendMail && !x.email.trim() ? { email: t('orgUi.staff.emailForMail') } : {}),
  });
  const set = (patch: Partial<typeof v>) => {
    const next = { ...v, ...patch };
    setV(next);
    if (Object.keys(problems).length) setProblems(check(next));
  };
  const save = (onSaved: (s: SavedUser) => void) => {
    const p = check(v);
    setProblems(p);
    if (Object.keys(p).length) return;
    const student = v.type === 'STUDENT';
    action.run(
      {
        input: {
          ...(person ? { userId: person.id } : { type: v.type as 'PARENT' | 'STUDENT' }),
          name: v.name.trim(),
          nameEn: v.nameEn.trim() || null,
          account: v.account.trim() || null,
          mobile: v.mobile.trim() || null,
          email: v.email.trim() || null,
          gender: v.gender as 'MALE' | 'FEMALE' | 'UNKNOWN',
          birthday: v.birthday || null,
          sendMail: v.sendMail,
          ...(student ? { parentId: v.parentId || null, consultantId: v.consultantId || null, lecturerId: v.lecturerId || null } : {}),
        },
      },
      { onDone: (a) => a.__typename === 'SavedPersonPayload' && onSaved({ id: a.user!.id, name: a.user!.name, password: a.generatedPassword ?? null, mailedTo: a.mailedTo ?? null }) },
    );
  };
  return { v, set, problems, save, busy: action.busy, error: action.error, editing: !!person };
}

/** The fields of a parent or student: kind (when adding), names, account, contact, birthday, and a student's relations. */
export function UserFields({ form }: { form: ReturnType<typeof useUserForm> }) {
  const { t } = useTranslation();
  const { v, set, problems } = form;
  const text = (key: 'name' | 'nameEn' | 'account' | 'mobile' | 'email', label: string, required = false) => (
    <Field.Root required={required} invalid={!!problems[key as keyof Problems]}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={v[key]} onChange={(e) => set({ [key]: e.target.value })} data-testid={`user-${key}`} />
      {problems[key as keyof Problems] && <Field.ErrorText data-testid={`user-${key}-error`}>{problems[key as keyof Problems]}</Field.ErrorText>}
    </Field.Root>
  );
  const relation = (key: 'parentId' | 'consultantId' | 'lecturerId', label: string, filter: Parameters<typeof PersonSelect>[0]['filter']) => (
    <Field.Root>
      <Field.Label htmlFor={`user-${key}`}>{label}</Field.Label>
      <Suspense fallback={null}>
        <PersonSelect id={`user-${key}`} filter={filter} value={v[key]} onChange={(id) => set({ [key]: id })} empty={t('orgUi.none')} testId={`user-${key}`} />
      </Suspense>
    </Field.Root>
  );
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {!form.editing && (
          <Field.Root>
            <Field.Label>{t('orgUi.col.type')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={v.type} onChange={(e) => set({ type: e.target.value })} data-testid="user-type">
                <option value="STUDENT">{t('orgUi.type.STUDENT')}</option>
                <option value="PARENT">{t('orgUi.type.PARENT')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {text('name', t('orgUi.col.name'), true)}
        {text('nameEn', t('orgUi.col.nameEn'))}
        {text('account', t('orgUi.col.account'))}
        {text('mobile', t('orgUi.col.mobile'))}
        {text('email', t('orgUi.col.email'))}
        <Field.Root>
          <Field.Label>{t('orgUi.col.gender')}</Field.Label>
          <ChoiceSelect value={v.gender} onChange={(gender) => set({ gender })} options={['UNKNOWN', 'MALE', 'FEMALE'].map((g) => ({ value: g, label: t(`orgUi.gender.${g}`) }))} testId="user-gender" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('orgUi.col.birthday')}</Field.Label>
          <DateField value={v.birthday} onChange={(birthday) => set({ birthday })} label={t('orgUi.col.birthday')} testId="user-birthday" />
        </Field.Root>
        {v.type === 'STUDENT' && relation('parentId', t('orgUi.user.parent'), { type: 'PARENT', activeOnly: true })}
        {v.type === 'STUDENT' && relation('consultantId', t('orgUi.user.consultant'), { scope: 'CONSULTANT' })}
        {v.type === 'STUDENT' && relation('lecturerId', t('orgUi.user.lecturer'), { scope: 'LECTURER' })}
      </SimpleGrid>
      <Checkbox.Root checked={v.sendMail} onCheckedChange={(e) => set({ sendMail: !!e.checked })} data-testid="user-sendMail">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('orgUi.staff.sendMail')}</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
