import { Checkbox, Field, Fieldset, Flex, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { RoleFormSaveMutation, RoleFormSaveMutation$data } from './__generated__/RoleFormSaveMutation.graphql.ts';

const saveMutation = graphql`
  mutation RoleFormSaveMutation($input: SaveRoleInput!) {
    saveRole(input: $input) {
      __typename
      ... on RolePayload {
        role {
          id
          code
          name
          nameEn
          name
          nameEn
          description
          descriptionEn
          localizedDescription
          types
          terminals
          userCount
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type RoleInfo = {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly nameEn?: string | null;
  readonly description?: string | null;
  readonly descriptionEn?: string | null;
  readonly types: ReadonlyArray<string>;
  readonly terminals: ReadonlyArray<string>;
};

const TYPES = ['STAFF', 'PARENT', 'STUDENT'] as const;
const TERMINALS = ['PC', 'MOBILE'] as const;
type Problems = Partial<Record<'name' | 'code', string>>;

/** The role form's state and save (create without `role`). */
export function useRoleForm(role: RoleInfo | null) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    name: role?.name ?? '',
    nameEn: role?.nameEn ?? '',
    code: role?.code ?? '',
    description: role?.description ?? '',
    descriptionEn: role?.descriptionEn ?? '',
    types: [...(role?.types ?? ['STAFF'])],
    terminals: [...(role?.terminals ?? ['PC'])],
  });
  const [problems, setProblems] = useState<Problems>({});
  const action = useMutationAction<RoleFormSaveMutation, RoleFormSaveMutation$data['saveRole']>(saveMutation, (r) => r.saveRole);
  const check = (x: typeof v): Problems => ({
    ...(x.name.trim() ? {} : { name: t('orgUi.role.nameRequired') }),
    ...(/^[a-z][a-z0-9._-]*$/.test(x.code.trim()) ? {} : { code: t('orgUi.role.codeRule') }),
  });
  const set = (patch: Partial<typeof v>) => {
    const next = { ...v, ...patch };
    setV(next);
    if (Object.keys(problems).length) setProblems(check(next));
  };
  const save = (onSaved: (id: string) => void) => {
    const p = check(v);
    setProblems(p);
    if (Object.keys(p).length) return;
    action.run(
      {
        input: {
          ...(role ? { roleId: role.id } : {}),
          name: v.name.trim(),
          nameEn: v.nameEn.trim() || null,
          code: v.code.trim(),
          description: v.description.trim() || null,
          descriptionEn: v.descriptionEn.trim() || null,
          types: v.types as Array<(typeof TYPES)[number]>,
          terminals: v.terminals as Array<(typeof TERMINALS)[number]>,
        },
      },
      { onDone: (a) => a.__typename === 'RolePayload' && onSaved(a.role!.id) },
    );
  };
  return { v, set, problems, save, busy: action.busy, error: action.error, builtIn: !!role && BUILT_IN.has(role.code) };
}

/** Built-in roles keep their code (the server refuses a recode, ROLE_BUILT_IN). */
const BUILT_IN = new Set(['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent', 'student']);

/** The role fields: names, code, kinds of people, terminals, description. */
export function RoleFields({ form }: { form: ReturnType<typeof useRoleForm> }) {
  const { t } = useTranslation();
  const { v, set, problems } = form;
  const toggle = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root required invalid={!!problems.name}>
          <Field.Label>
            {t('orgUi.role.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={v.name} onChange={(e) => set({ name: e.target.value })} data-testid="role-name" />
          {problems.name && <Field.ErrorText>{problems.name}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('orgUi.role.nameEn')}</Field.Label>
          <Input value={v.nameEn} onChange={(e) => set({ nameEn: e.target.value })} data-testid="role-nameEn" />
        </Field.Root>
        <Field.Root required invalid={!!problems.code} disabled={form.builtIn}>
          <Field.Label>
            {t('orgUi.role.code')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={v.code} onChange={(e) => set({ code: e.target.value })} data-testid="role-code" />
          {problems.code ? <Field.ErrorText>{problems.code}</Field.ErrorText> : <Field.HelperText>{form.builtIn ? t('orgUi.role.builtIn') : t('orgUi.role.codeRule')}</Field.HelperText>}
        </Field.Root>
      </SimpleGrid>
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t('orgUi.role.types')}
        </Fieldset.Legend>
        <Flex gap="4" wrap="wrap">
          {TYPES.map((ty) => (
            <Checkbox.Root key={ty} checked={v.types.includes(ty)} onCheckedChange={(e) => set({ types: toggle(v.types, ty, !!e.checked) })} data-testid={`role-type-${ty}`}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`orgUi.type.${ty}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Fieldset.Root>
      <Fieldset.Root>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {t('orgUi.role.terminals')}
        </Fieldset.Legend>
        <Flex gap="4" wrap="wrap">
          {TERMINALS.map((te) => (
            <Checkbox.Root key={te} checked={v.terminals.includes(te)} onCheckedChange={(e) => set({ terminals: toggle(v.terminals, te, !!e.checked) })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`orgUi.role.terminal.${te}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Fieldset.Root>
      <Field.Root>
        <Field.Label>{t('orgUi.role.description')}</Field.Label>
        <Textarea value={v.description} onChange={(e) => set({ description: e.target.value })} rows={3} data-testid="role-description" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('orgUi.role.descriptionEn')}</Field.Label>
        <Textarea value={v.descriptionEn} onChange={(e) => set({ descriptionEn: e.target.value })} rows={3} data-testid="role-descriptionEn" />
      </Field.Root>
    </>
  );
}
