import { Badge, Box, Field, Flex, Input, Menu, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { DeleteDialog } from '../../../components/list/ConfirmDialog.tsx';
import { RowMenuButton } from '../../../components/list/DataTable.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { DeptSelect, deptName, flattenDepts, subtreeIds, type Dept } from '../shared/departments.tsx';
import { PersonSelect } from '../../users/index.ts';
import { departmentsRoute } from './Departments.route.ts';
import type { DepartmentsDeleteMutation, DepartmentsDeleteMutation$data } from './__generated__/DepartmentsDeleteMutation.graphql.ts';
import type { DepartmentsQuery } from './__generated__/DepartmentsQuery.graphql.ts';
import type { DepartmentsSaveMutation, DepartmentsSaveMutation$data } from './__generated__/DepartmentsSaveMutation.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const treeQuery = graphql`
  query DepartmentsQuery {
    viewer {
      edit: can(right: "department.edit")
    }
    departmentTree {
      ...departmentsTree @relay(mask: false)
    }
  }
`;

const saveMutation = graphql`
  mutation DepartmentsSaveMutation($input: SaveDepartmentInput!) {
    saveDepartment(input: $input) {
      __typename
      ... on SaveDepartmentPayload {
        created
        department {
          ...departmentsFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation DepartmentsDeleteMutation($input: DeleteDepartmentInput!) {
    deleteDepartment(input: $input) {
      __typename
      ... on DeleteDepartmentPayload {
        deletedDepartmentId
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

type Editing = { kind: 'add'; parent: Dept | null } | { kind: 'edit' | 'move'; dept: Dept; parentId: string | null } | { kind: 'delete'; dept: Dept };

/**
 * 部门管理 (`/people/department`): the department tree with its heads and staff counts; add (at
 * the top or under a department), rename (names, head, order), move (another parent, never
 * under itself) and delete (the server refuses, by name, while staff or sub-departments hold it).
 */
export default function Departments() {
  const { t } = useTranslation();
  const lang = useLang();
  const { queryRef, retry } = useRouteQuery(departmentsRoute, {});
  const data = usePreloadedQuery<DepartmentsQuery>(treeQuery, queryRef);
  const [editing, setEditing] = useState<Editing | null>(null);
  const tree: ReadonlyArray<Dept> = data.departmentTree;
  const flat = flattenDepts(tree);
  const done = () => {
    setEditing(null);
    retry();
  };
  return (
    <Stack gap="3" data-testid="departments" maxW="4xl">
      <PageHeader title={t('orgUi.dept.title')}>{data.viewer.edit && <AddButton label={t('orgUi.dept.add')} onClick={() => setEditing({ kind: 'add', parent: null })} testId="dept-add" />}</PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="2">
        {flat.length === 0 ? (
          <Text p="4" color="fg.muted">
            {t('orgUi.dept.empty')}
          </Text>
        ) : (
          <Stack as="ul" role="tree" aria-label={t('orgUi.dept.title')} gap="0" listStyleType="none" data-testid="dept-tree">
            {flat.map(({ dept, depth, parentId }) => (
              <Flex
                as="li"
                role="treeitem"
                aria-level={depth + 1}
                aria-selected={false}
                key={dept.id}
                align="center"
                gap="2"
                py="1.5"
                pr="1"
                pl={`${2 + depth * 6}`}
                borderBottomWidth="1px"
                borderColor="border"
                _last={{ borderBottomWidth: 0 }}
                data-testid="dept-row"
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {deptName(dept, lang)}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle" truncate>
                    {t('orgUi.dept.head')}: {dept.manager ? personName(dept.manager, lang) : t('orgUi.none')}
                  </Text>
                </Box>
                <Badge variant="subtle" flexShrink={0}>
                  {t('orgUi.dept.staffCount', { count: dept.staffCount })}
                </Badge>
                {data.viewer.edit && (
                  <RowMenuButton label={t('listKit.rowActions', { name: deptName(dept, lang) })} testId="dept-menu">
                    <Menu.Item value="rename" onSelect={() => setEditing({ kind: 'edit', dept, parentId })} data-testid="dept-action-rename">
                      {t('orgUi.act.rename')}
                    </Menu.Item>
                    <Menu.Item value="move" onSelect={() => setEditing({ kind: 'move', dept, parentId })} data-testid="dept-action-move">
                      {t('orgUi.act.move')}
                    </Menu.Item>
                    <Menu.Item value="addChild" onSelect={() => setEditing({ kind: 'add', parent: dept })} data-testid="dept-action-addChild">
                      {t('orgUi.act.addChild')}
                    </Menu.Item>
                    <Menu.Item value="delete" color="fg.error" onSelect={() => setEditing({ kind: 'delete', dept })} data-testid="dept-action-delete">
                      {t('orgUi.act.delete')}
                    </Menu.Item>
                  </RowMenuButton>
                )}
              </Flex>
            ))}
          </Stack>
        )}
      </Box>
      {editing?.kind === 'delete' && <DeleteDept dept={editing.dept} onClose={() => setEditing(null)} onDone={done} />}
      {editing && editing.kind !== 'delete' && <DeptDialog editing={editing} tree={tree} onClose={() => setEditing(null)} onDone={done} />}
    </Stack>
  );
}

function DeptDialog({ editing, tree, onClose, onDone }: { editing: Exclude<Editing, { kind: 'delete' }>; tree: ReadonlyArray<Dept>; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const dept = editing.kind === 'add' ? null : editing.dept;
  const [v, setV] = useState({
    name: dept?.name ?? '',
    nameEn: dept?.nameEn ?? '',
    parentId: editing.kind === 'add' ? (editing.parent?.id ?? '') : (editing.parentId ?? ''),
    managerId: dept?.manager?.id ?? '',
    sort: String(dept?.sort ?? 0),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutationAction<DepartmentsSaveMutation, DepartmentsSaveMutation$data['saveDepartment']>(saveMutation, (r) => r.saveDepartment);
  const submit = () => {
    if (!v.name.trim()) return setProblem(t('orgUi.dept.nameRequired'));
    setProblem(null);
    save.run(
      {
        input: {
          ...(dept ? { departmentId: dept.id } : {}),
          name: v.name.trim(),
          nameEn: v.nameEn.trim() || null,
          parentId: v.parentId || null,
          managerId: v.managerId || null,
          sort: /^-?\d+$/.test(v.sort) ? Number(v.sort) : 0,
        },
      },
      {
        onDone: () => {
          notify('success', t('orgUi.saved'));
          onDone();
        },
      },
    );
  };
  const title =
    editing.kind === 'add'
      ? editing.parent
        ? t('orgUi.dept.addUnder', { name: deptName(editing.parent, lang) })
        : t('orgUi.dept.add')
      : editing.kind === 'move'
        ? t('orgUi.dept.moveTitle', { name: deptName(editing.dept, lang) })
        : t('orgUi.dept.editTitle', { name: deptName(editing.dept, lang) });
  const parentField = (
    <Field.Root>
      <Field.Label htmlFor="dept-parent">{t('orgUi.dept.parent')}</Field.Label>
      <DeptSelect
        id="dept-parent"
        tree={tree}
        value={v.parentId}
        onChange={(parentId) => setV({ ...v, parentId })}
        empty={t('orgUi.dept.top')}
        lang={lang}
        exclude={dept ? subtreeIds(dept) : undefined}
        testId="dept-parent"
      />
      {dept && <Field.HelperText>{t('orgUi.dept.moveHint')}</Field.HelperText>}
    </Field.Root>
  );
  return (
    <FormDialog title={title} testId="dept-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error ?? problem}>
      {editing.kind === 'move' ? (
        parentField
      ) : (
        <>
          <Field.Root required invalid={!!problem && !v.name.trim()}>
            <Field.Label>
              {t('orgUi.dept.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} data-testid="dept-name" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('orgUi.dept.nameEn')}</Field.Label>
            <Input value={v.nameEn} onChange={(e) => setV({ ...v, nameEn: e.target.value })} data-testid="dept-nameEn" />
          </Field.Root>
          {editing.kind === 'add' && parentField}
          <Field.Root>
            <Field.Label htmlFor="dept-head">{t('orgUi.dept.head')}</Field.Label>
            <Suspense fallback={null}>
              <PersonSelect id="dept-head" filter={{ type: 'STAFF', activeOnly: true }} value={v.managerId} onChange={(managerId) => setV({ ...v, managerId })} empty={t('orgUi.none')} testId="dept-head" />
            </Suspense>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('orgUi.dept.sort')}</Field.Label>
            <Input inputMode="numeric" value={v.sort} onChange={(e) => setV({ ...v, sort: e.target.value })} data-testid="dept-sort" />
            <Field.HelperText>{t('orgUi.dept.sortHint')}</Field.HelperText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}

function DeleteDept({ dept, onClose, onDone }: { dept: Dept; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const del = useMutationAction<DepartmentsDeleteMutation, DepartmentsDeleteMutation$data['deleteDepartment']>(deleteMutation, (r) => r.deleteDepartment);
  return (
    <DeleteDialog
      title={t('orgUi.dept.deleteTitle')}
      message={t('orgUi.dept.deleteWhat', { name: deptName(dept, lang) })}
      confirmLabel={t('orgUi.act.delete')}
      done={t('orgUi.dept.deleted', { name: deptName(dept, lang) })}
      action={del}
      onClose={onClose}
      onDone={onDone}
      testId="dept-delete-dialog"
      variables={{ input: { departmentId: dept.id } }}
    />
  );
}
