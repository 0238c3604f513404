import { Box, Button, Field, Flex, Grid, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { DeleteDialog } from '../../../components/list/ConfirmDialog.tsx';
import { FilterBar } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { Loading } from '../../../layout/Loading.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { ItemsPanel } from '../DictionaryItems/ItemsPanel.tsx';
import itemsQuery, { type DictionaryItemsQuery } from '../DictionaryItems/__generated__/DictionaryItemsQuery.graphql.ts';
import { dictionaryTreeRoute } from './DictionaryTree.route.ts';
import type { DictionaryTreeDeleteMutation } from './__generated__/DictionaryTreeDeleteMutation.graphql.ts';
import type { DictionaryTreeQuery, DictionaryTreeQuery$data } from './__generated__/DictionaryTreeQuery.graphql.ts';
import type { DictionaryTreeSaveMutation } from './__generated__/DictionaryTreeSaveMutation.graphql.ts';
import { PageHeader } from '../../../components/list/PageHeader.tsx';

const treeQuery = graphql`
  query DictionaryTreeQuery($search: String) {
    viewer {
      manage: can(right: "dictionary.manage")
    }
    dictionaries(first: 500, search: $search) @connection(key: "DictionaryTree_dictionaries", filters: ["search"]) {
      __id
      totalCount
      edges {
        node {
          id
          code
          name
          nameEn
          remark
          sort
        }
      }
    }
  }
`;

const saveMutation = graphql`
  mutation DictionaryTreeSaveMutation($input: SaveDictionaryInput!, $connections: [ID!]!) {
    saveDictionary(input: $input) {
      __typename
      ... on DictionaryPayload {
        dictionary @appendNode(connections: $connections, edgeTypeName: "QueryDictionariesConnectionEdge") {
          id
          code
          name
          nameEn
          remark
          sort
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation DictionaryTreeDeleteMutation($input: DeleteDictionariesInput!, $connections: [ID!]!) {
    deleteDictionaries(input: $input) {
      __typename
      ... on DeleteDictionariesPayload {
        deletedIds @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

type Dict = DictionaryTreeQuery$data['dictionaries']['edges'][number]['node'];

function DictionaryDialog({ dict, connection, onClose }: { dict: Dict | null; connection: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState({ code: dict?.code ?? '', name: dict?.name ?? '', nameEn: dict?.nameEn ?? '', sort: String(dict?.sort ?? 0), remark: dict?.remark ?? '' });
  const [problems, setProblems] = useState<Partial<Record<'code' | 'name' | 'sort', string>>>({});
  const save = useMutationAction<DictionaryTreeSaveMutation>(saveMutation, (r) => r.saveDictionary);
  const check = (x: typeof d) => ({
    ...(x.code.trim() ? (/^[A-Za-z0-9_\-.:]+$/.test(x.code.trim()) ? {} : { code: t('contentUi.dict.codeRule') }) : { code: t('contentUi.required') }),
    ...(x.name.trim() ? {} : { name: t('contentUi.required') }),
    ...(/^-?\d+$/.test(x.sort.trim()) ? {} : { sort: t('contentUi.dict.sortRule') }),
  });
  const change = (p: Partial<typeof d>) => {
    const next = { ...d, ...p };
    setD(next);
    if (Object.keys(problems).length) setProblems(check(next));
  };
  const submit = () => {
    const found = check(d);
    setProblems(found);
    if (Object.keys(found).length) return;
    const fields = { code: d.code.trim(), name: d.name.trim(), nameEn: d.nameEn.trim() || null, sort: Number(d.sort), remark: d.remark.trim() || null };
    save.run(
      { input: dict ? { dictionaryId: dict.id, ...fields } : fields, connections: dict ? [] : [connection] },
      {
        onDone: () => {
          notify('success', t('contentUi.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t(dict ? 'contentUi.dict.edit' : 'contentUi.dict.add')} testId="dict-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error}>
      <Field.Root required invalid={!!problems.code}>
        <Field.Label>
          {t('contentUi.dict.code')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={d.code} onChange={(e) => change({ code: e.target.value })} maxLength={64} data-testid="dict-code" />
        <Field.ErrorText>{problems.code}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!problems.name}>
        <Field.Label>
          {t('contentUi.dict.name')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={d.name} onChange={(e) => change({ name: e.target.value })} maxLength={100} data-testid="dict-name" />
        <Field.ErrorText>{problems.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.dict.nameEn')}</Field.Label>
        <Input value={d.nameEn} onChange={(e) => change({ nameEn: e.target.value })} maxLength={100} data-testid="dict-name-en" />
      </Field.Root>
      <Field.Root invalid={!!problems.sort}>
        <Field.Label>{t('contentUi.dict.sort')}</Field.Label>
        <Input value={d.sort} inputMode="numeric" onChange={(e) => change({ sort: e.target.value })} maxLength={6} />
        <Field.ErrorText>{problems.sort}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.dict.remark')}</Field.Label>
        <Textarea value={d.remark} onChange={(e) => change({ remark: e.target.value })} rows={2} maxLength={500} />
      </Field.Root>
    </FormDialog>
  );
}

function Items({ queryRef, canManage }: { queryRef: PreloadedQuery<DictionaryItemsQuery>; canManage: boolean }) {
  const data = usePreloadedQuery<DictionaryItemsQuery>(itemsQuery, queryRef);
  return data.node?.dictionary ? <ItemsPanel dictionary={data.node.dictionary} canManage={canManage} /> : null;
}

/**
 * 数据字典 (`/wordbook`): the dictionaries on the left (search, add, edit, delete), the chosen
 * one's items on the right (add, edit, delete, template and import); the chosen dictionary is in
 * the URL (`d`). On a phone the items come below the list.
 */
export default function DictionaryTree() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState({ q: '', d: '' });
  const { queryRef, load } = useRouteQuery(dictionaryTreeRoute, { search: url.q || null });
  const [pending, startTransition] = useTransition();
  const data = usePreloadedQuery<DictionaryTreeQuery>(treeQuery, queryRef);
  const [itemsRef, loadItems] = useQueryLoader<DictionaryItemsQuery>(itemsQuery);
  const [editing, setEditing] = useState<Dict | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Dict | null>(null);
  const remove = useMutationAction<DictionaryTreeDeleteMutation>(deleteMutation, (r) => r.deleteDictionaries);
  const dicts = data.dictionaries.edges.map((e) => e.node);
  const chosen = dicts.find((x) => x.id === url.d) ?? dicts[0] ?? null;
  const manage = data.viewer.manage;
  useEffect(() => {
    if ((queryRef.variables.search ?? '') !== url.q) startTransition(() => load({ search: url.q || null }));
  }, [url.q, load, queryRef.variables.search]);
  useEffect(() => {
    if (chosen && itemsRef?.variables.id !== chosen.id) loadItems({ id: chosen.id });
  }, [chosen, itemsRef, loadItems]);
  const label = (x: Dict) => (lang === 'en' && x.nameEn ? x.nameEn : x.name);
  return (
    <Stack gap="3" data-testid="wordbook">
      <PageHeader title={t('contentUi.dict.title')}>
        {manage && (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')} data-testid="dict-add">
            <Plus size={14} /> {t('contentUi.dict.add')}
          </Button>
        )}
      </PageHeader>
      <Grid templateColumns={{ base: '1fr', lg: '280px 1fr' }} gap="3" alignItems="start">
        <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3" opacity={pending ? 0.6 : 1}>
          <FilterBar pending={pending} search={url.q} onSearch={(q) => setUrl({ q })} searchLabel={t('contentUi.dict.search')} chips={[]} onClearAll={() => setUrl({ q: '' })} testId="dict-filters" />
          <Text fontSize="xs" color="fg.muted" mt="2">
            {t('contentUi.dict.count', { count: data.dictionaries.totalCount })}
          </Text>
          <Stack as="ul" gap="0" mt="2" listStyleType="none" aria-label={t('contentUi.dict.title')} data-testid="dict-list">
            {dicts.map((x) => (
              <Flex as="li" key={x.id} align="center" gap="1" borderRadius="md" bg={chosen?.id === x.id ? 'bg.selected' : undefined} _hover={{ bg: chosen?.id === x.id ? 'bg.selected' : 'bg.subtle' }}>
                <Box as="button" flex="1" textAlign="left" px="2" py="1.5" minW="0" aria-current={chosen?.id === x.id ? 'true' : undefined} onClick={() => setUrl({ d: x.id })} data-testid="dict-row" data-code={x.code}>
                  <Text fontSize="sm" truncate>
                    {label(x)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {x.code}
                  </Text>
                </Box>
                {manage && chosen?.id === x.id && (
                  <>
                    <IconButton size="xs" variant="ghost" aria-label={t('contentUi.dict.editNamed', { name: label(x) })} onClick={() => setEditing(x)} data-testid="dict-edit">
                      <Pencil size={12} />
                    </IconButton>
                    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('contentUi.dict.deleteNamed', { name: label(x) })} onClick={() => setDeleting(x)}>
                      <Trash2 size={12} />
                    </IconButton>
                  </>
                )}
              </Flex>
            ))}
          </Stack>
          {!dicts.length && (
            <Text color="fg.subtle" fontSize="sm" mt="2">
              {t('contentUi.dict.none')}
            </Text>
          )}
        </Box>
        <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0">
          {chosen && itemsRef ? (
            <ErrorBoundary onRetry={() => loadItems({ id: chosen.id }, { fetchPolicy: 'network-only' })} compact>
              <Suspense fallback={<Loading />}>
                <Items queryRef={itemsRef} canManage={manage} />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <Text color="fg.subtle">{t('contentUi.dict.choose')}</Text>
          )}
          {chosen && (
            <Button size="xs" variant="plain" color="fg.link" px="0" mt="2" onClick={() => navigate(`/wordbook/data/${encodeURIComponent(chosen.id)}`)}>
              {t('contentUi.dict.openPage')}
            </Button>
          )}
        </Box>
      </Grid>
      {editing && <DictionaryDialog dict={editing === 'new' ? null : editing} connection={data.dictionaries.__id} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDialog
          title={t('contentUi.dict.delete')}
          message={t('contentUi.dict.deleteMessage', { name: label(deleting) })}
          confirmLabel={t('contentUi.delete')}
          done={t('contentUi.deleted')}
          action={remove}
          onClose={() => setDeleting(null)}
          onDone={() => setUrl({ d: '' })}
          variables={{ input: { dictionaryIds: [deleting.id] }, connections: [data.dictionaries.__id] }}
        />
      )}
    </Stack>
  );
}

/** 新增字典数据 (`/wordbook/data-add`, hidden): adding is a dialog beside the items, so the entry opens the dictionaries. */
export function DictionaryDataAdd() {
  const { search } = useLocation();
  return <Navigate to={`/wordbook${search}`} replace />;
}
