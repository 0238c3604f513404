import { Badge, Box, Button, Checkbox, Flex, Heading, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/FormError.tsx';
import { RoleGate } from '../../../components/RoleGate.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMenuParams } from '../../../layout/menu.ts';
import { t as translate } from '../../../i18n/index.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { allIds, boxState, grantable, toggle, type RightNode } from './rightTree.ts';
import { rolePermissionRoute } from './RolePermission.route.ts';
import type { RolePermissionModulesMutation } from './__generated__/RolePermissionModulesMutation.graphql.ts';
import type { RolePermissionQuery, RolePermissionQuery$data } from './__generated__/RolePermissionQuery.graphql.ts';
import type { RolePermissionRightsMutation } from './__generated__/RolePermissionRightsMutation.graphql.ts';

const permissionQuery = graphql`
  query RolePermissionQuery($id: ID!) {
    role: node(id: $id) {
      ... on Role {
        id
        code
        name
        nameEn
        name
        nameEn
        rightIds
      }
    }
    viewer {
      edit: can(right: "role.edit")
      roles {
        code
        rightIds
      }
      pc: menu(display: PC) {
        ...RolePermissionRight @relay(mask: false)
        children {
          ...RolePermissionRight @relay(mask: false)
          children {
            ...RolePermissionRight @relay(mask: false)
            children {
              ...RolePermissionRight @relay(mask: false)
            }
          }
        }
      }
      nav: menu(display: MOBILE_NAV) {
        ...RolePermissionRight @relay(mask: false)
        children {
          ...RolePermissionRight @relay(mask: false)
          children {
            ...RolePermissionRight @relay(mask: false)
          }
        }
      }
      fn: menu(display: MOBILE_FUNCTION) {
        ...RolePermissionRight @relay(mask: false)
        children {
          ...RolePermissionRight @relay(mask: false)
          children {
            ...RolePermissionRight @relay(mask: false)
          }
        }
      }
    }
    archiveModuleTree {
      ...RolePermissionModule @relay(mask: false)
      children {
        ...RolePermissionModule @relay(mask: false)
        children {
          ...RolePermissionModule @relay(mask: false)
        }
      }
    }
    filed: roleArchiveModules(roleId: $id, archiveFiled: true) {
      code
      read
      edit
    }
    open: roleArchiveModules(roleId: $id, archiveFiled: false) {
      code
      read
      edit
    }
    myFiled: myArchiveModulePermissions(archiveFiled: true) {
      code
      read
      edit
    }
    myOpen: myArchiveModulePermissions(archiveFiled: false) {
      code
      read
      edit
    }
  }
`;

void graphql`
  fragment RolePermissionRight on MenuItem {
    databaseId
    key
    title
    titleEn
    hidden
    component
  }
`;

void graphql`
  fragment RolePermissionModule on ArchiveModule {
    id
    code
    name
    nameEn
  }
`;

const rightsMutation = graphql`
  mutation RolePermissionRightsMutation($input: SaveRoleRightsInput!) {
    saveRoleRights(input: $input) {
      __typename
      ... on SaveRoleRightsPayload {
        role {
          id
          rightIds
          rightKeys
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const modulesMutation = graphql`
  mutation RolePermissionModulesMutation($input: SaveRoleArchiveModulesInput!) {
    saveRoleArchiveModules(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

type Data = RolePermissionQuery$data;
type Module = { readonly id: string; readonly code: string; readonly name: string; readonly nameEn: string; readonly children?: ReadonlyArray<Module> };
type Perm = { read: boolean; edit: boolean };
type Perms = Record<string, Perm>;
const TABS = ['pc', 'nav', 'fn', 'open', 'filed'] as const;
type Tab = (typeof TABS)[number];

const permsOf = (list: ReadonlyArray<{ code: string; read: boolean; edit: boolean }>): Perms => Object.fromEntries(list.map((p) => [p.code, { read: p.read || p.edit, edit: p.edit }]));
const flatModules = (nodes: ReadonlyArray<Module>, depth = 0): Array<{ m: Module; depth: number }> => nodes.flatMap((m) => [{ m, depth }, ...flatModules(m.children ?? [], depth + 1)]);

/**
 * 权限设置 (`/role-control/permission/:id`): a role's rights as three checkable trees (the PC
 * menu, the mobile navigation, the mobile functions) and its archive-section rights for open and
 * filed archives. The trees are the editor's own (viewer.menu): nothing the editor does not hold
 * is offered; a right they cannot grant is locked with the reason beside it, and rights the role
 * holds outside the editor's view are kept as they are (docs/users-ui.md).
 */
export default function RolePermission() {
  const params = useMenuParams();
  const { queryRef, retry } = useRouteQuery(rolePermissionRoute, { id: params.id ?? '' });
  const data = usePreloadedQuery<RolePermissionQuery>(permissionQuery, queryRef);
  const { t } = useTranslation();
  if (!data.role?.id) {
    return (
      <Text color="fg.muted" data-testid="permission-missing">
        {t('orgUi.perm.missing')}
      </Text>
    );
  }
  return <Editor data={data} onSaved={retry} />;
}

function Editor({ data, onSaved }: { data: Data; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const role = data.role!;
  const codes = data.viewer.roles.map((r) => r.code);
  const roleName = personName({ name: role.name ?? '', nameEn: role.nameEn }, lang);
  const isAdmin = codes.includes('admin');
  useEffect(() => {
    // The tab's path holds the id as the address bar does (encoded) or decoded: name both.
    for (const id of new Set([role.id!, encodeURIComponent(role.id!)])) titleView(`/role-control/permission/${id}`, { zh: `权限设置 · ${role.name}`, en: `Permissions · ${role.nameEn || role.name}` });
  }, [role.id, role.name, role.nameEn]);
  const held = useMemo<ReadonlySet<number> | 'all'>(() => (isAdmin ? 'all' : new Set(data.viewer.roles.flatMap((r) => r.rightIds))), [isAdmin, data.viewer.roles]);
  const trees = { pc: data.viewer.pc as ReadonlyArray<RightNode>, nav: data.viewer.nav as ReadonlyArray<RightNode>, fn: data.viewer.fn as ReadonlyArray<RightNode> };
  const canGrant = useMemo(() => grantable([...trees.pc, ...trees.nav, ...trees.fn], held), [trees.pc, trees.nav, trees.fn, held]);
  // The administrator role holds everything by code: its rights are not edited (org.adminRoleFixed).
  const fixed = role.code === 'admin' || !data.viewer.edit;
  const [checked, setChecked] = useState<Set<number>>(() => new Set(role.rightIds ?? []));
  const [perms, setPerms] = useState<{ open: Perms; filed: Perms }>(() => ({ open: permsOf(data.open), filed: permsOf(data.filed) }));
  const mine = { open: permsOf(data.myOpen), filed: permsOf(data.myFiled) };
  const [tab, setTab] = useState<Tab>('pc');
  const [error, setError] = useState<string | null>(null);
  const [commitRights, savingRights] = useMutation<RolePermissionRightsMutation>(rightsMutation);
  const [commitModules, savingModules] = useMutation<RolePermissionModulesMutation>(modulesMutation);
  const visible = new Set(allIds([...trees.pc, ...trees.nav, ...trees.fn]));
  const outside = (role.rightIds ?? []).filter((id) => !visible.has(id)).length;

  const save = async () => {
    setError(null);
    // Rights the role holds outside the editor's trees are sent back unchanged (kept).
    const rightIds = [...new Set([...checked, ...(role.rightIds ?? []).filter((id) => !visible.has(id))])];
    const modules = (which: 'open' | 'filed') =>
      flatModules(data.archiveModuleTree as ReadonlyArray<Module>)
        .map(({ m }) => ({ moduleId: m.id, read: perms[which][m.code]?.read ?? false, edit: perms[which][m.code]?.edit ?? false }))
        .filter((p) => p.read || p.edit);
    const run = <T,>(commit: (c: { variables: never; onCompleted: (r: T) => void; onError: (e: Error) => void }) => void, variables: unknown, pick: (r: T) => { __typename: string; message?: string }) =>
      new Promise<boolean>((resolve) =>
        commit({
          variables: variables as never,
          onCompleted: (r) => {
            const a = pick(r);
            if (/Error$/.test(a.__typename)) {
              setError(a.message ?? translate('transport.unknown'));
              resolve(false);
            } else resolve(true);
          },
          onError: (e) => {
            setError(e.message || translate('transport.unknown'));
            resolve(false);
          },
        }),
      );
    if (role.code !== 'admin') {
      const ok = await run(commitRights as never, { input: { roleId: role.id, rightIds } }, (r: RolePermissionRightsMutation['response']) => r.saveRoleRights);
      if (!ok) return;
    }
    for (const which of ['open', 'filed'] as const) {
      const ok = await run(commitModules as never, { input: { roleId: role.id, archiveFiled: which === 'filed', modules: modules(which) } }, (r: RolePermissionModulesMutation['response']) => r.saveRoleArchiveModules);
      if (!ok) return;
    }
    notify('success', t('orgUi.perm.saved', { name: roleName }));
    onSaved();
  };

  return (
    <Stack gap="3" data-testid="role-permission">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" flex="1" minW="48">
          {t('orgUi.perm.title', { name: roleName })}
        </Heading>
        <Button size="sm" variant="outline" onClick={() => navigate('/role-control/list')}>
          {t('orgUi.perm.back')}
        </Button>
        {data.viewer.edit && (
          <Button size="sm" colorPalette="blue" onClick={() => void save()} loading={savingRights || savingModules} data-testid="permission-save">
            {t('orgUi.perm.save')}
          </Button>
        )}
      </Flex>
      <FormError message={error} testId="permission-error" />
      {role.code === 'admin' && (
        <Text fontSize="sm" color="fg.warning" data-testid="permission-admin-fixed">
          <Lock size={14} style={{ display: 'inline', verticalAlign: '-2px' }} /> {t('orgUi.perm.adminFixed')}
        </Text>
      )}
      <RoleGate roles={codes} exclude={['admin']}>
        <Text fontSize="sm" color="fg.muted" data-testid="permission-own-only">
          {t('orgUi.perm.ownOnly')}
        </Text>
      </RoleGate>
      {outside > 0 && (
        <Text fontSize="sm" color="fg.muted" data-testid="permission-outside">
          {t('orgUi.perm.outside', { count: outside })}
        </Text>
      )}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} variant="line" size="sm">
        <Box overflowX="auto">
          <Tabs.List w="max-content" minW="full">
            {TABS.map((k) => (
              <Tabs.Trigger key={k} value={k} aria-controls="permission-panel" data-testid={`permission-tab-${k}`} whiteSpace="nowrap" flexShrink={0}>
                {t(`orgUi.perm.tab.${k}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
      </Tabs.Root>
      <Box id="permission-panel" role="tabpanel" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3" data-testid="permission-panel">
        {tab === 'pc' || tab === 'nav' || tab === 'fn' ? (
          trees[tab].length === 0 ? (
            <Text color="fg.muted">{t('orgUi.perm.emptyTree')}</Text>
          ) : (
            <RightTree nodes={trees[tab]} tree={trees[tab]} checked={checked} canGrant={canGrant} fixed={fixed} onChange={setChecked} depth={0} />
          )
        ) : (
          <ModuleTable modules={data.archiveModuleTree as ReadonlyArray<Module>} perms={perms[tab]} mine={mine[tab]} all={isAdmin} fixed={!data.viewer.edit} onChange={(p) => setPerms((s) => ({ ...s, [tab]: p }))} />
        )}
      </Box>
    </Stack>
  );
}

function RightTree({
  nodes,
  tree,
  checked,
  canGrant,
  fixed,
  onChange,
  depth,
}: {
  nodes: ReadonlyArray<RightNode>;
  tree: ReadonlyArray<RightNode>;
  checked: Set<number>;
  canGrant: ReadonlySet<number>;
  fixed: boolean;
  onChange: (s: Set<number>) => void;
  depth: number;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" pl={depth ? '6' : '0'} data-testid={depth ? undefined : 'right-tree'}>
      {nodes.map((n) => {
        const state = boxState(n, checked);
        // Locked: the administrator role, or a right the editor does not hold and the role does not have.
        const locked = fixed || (!canGrant.has(n.databaseId) && !checked.has(n.databaseId));
        const reason = fixed ? null : locked ? t('orgUi.perm.notHeld') : null;
        return (
          <Box as="li" key={n.databaseId}>
            <Flex align="center" gap="2" py="0.5" wrap="wrap">
              <Checkbox.Root size="sm" checked={state} disabled={locked} onCheckedChange={(e) => onChange(toggle(tree, checked, n, e.checked === true, canGrant))} data-testid={`right-${n.key}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{lang === 'en' ? n.titleEn : n.title}</Checkbox.Label>
              </Checkbox.Root>
              {n.hidden && !n.component && (
                <Badge size="sm" variant="outline">
                  {t('orgUi.perm.operation')}
                </Badge>
              )}
              {reason && (
                <Text as="span" fontSize="xs" color="fg.subtle" data-testid={`right-${n.key}-locked`}>
                  <Lock size={12} style={{ display: 'inline', verticalAlign: '-1px' }} aria-hidden /> {reason}
                </Text>
              )}
            </Flex>
            {n.children && n.children.length > 0 && <RightTree nodes={n.children} tree={tree} checked={checked} canGrant={canGrant} fixed={fixed} onChange={onChange} depth={depth + 1} />}
          </Box>
        );
      })}
    </Stack>
  );
}

function ModuleTable({ modules, perms, mine, all, fixed, onChange }: { modules: ReadonlyArray<Module>; perms: Perms; mine: Perms; all: boolean; fixed: boolean; onChange: (p: Perms) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const set = (code: string, patch: Partial<Perm>) => {
    const cur = perms[code] ?? { read: false, edit: false };
    const next = { ...cur, ...patch };
    if (patch.edit) next.read = true; // edit implies read
    if (patch.read === false) next.edit = false;
    onChange({ ...perms, [code]: next });
  };
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="module-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('orgUi.perm.module')}</Table.ColumnHeader>
            <Table.ColumnHeader w="24">{t('orgUi.perm.read')}</Table.ColumnHeader>
            <Table.ColumnHeader w="24">{t('orgUi.perm.edit')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {flatModules(modules).map(({ m, depth }) => {
            const p = perms[m.code] ?? { read: false, edit: false };
            const my = all ? { read: true, edit: true } : (mine[m.code] ?? { read: false, edit: false });
            const box = (kind: 'read' | 'edit') => {
              const locked = fixed || (!my[kind] && !p[kind]);
              return (
                <Checkbox.Root size="sm" checked={p[kind]} disabled={locked} onCheckedChange={(e) => set(m.code, { [kind]: e.checked === true })} data-testid={`module-${m.code}-${kind}`}>
                  <Checkbox.HiddenInput aria-label={`${personName(m, lang)} ${t(`orgUi.perm.${kind}`)}${locked && !fixed ? ` (${t('orgUi.perm.notHeld')})` : ''}`} />
                  <Checkbox.Control />
                </Checkbox.Root>
              );
            };
            return (
              <Table.Row key={m.id}>
                <Table.Cell pl={`${3 + depth * 5}`}>{personName(m, lang)}</Table.Cell>
                <Table.Cell>{box('read')}</Table.Cell>
                <Table.Cell>{box('edit')}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
