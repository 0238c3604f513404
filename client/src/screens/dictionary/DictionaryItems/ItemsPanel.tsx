import { Badge, Button, Checkbox, Field, Flex, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { DeleteDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, type Column, type RowAction } from '../../../components/list/DataTable.tsx';
import { saveBlob } from '../../../components/list/download.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { ImportDialog, type ImportOutcome } from '../../../components/list/ImportDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import type { ItemsPanel_dictionary$data, ItemsPanel_dictionary$key } from './__generated__/ItemsPanel_dictionary.graphql.ts';
import type { ItemsPanelDeleteMutation } from './__generated__/ItemsPanelDeleteMutation.graphql.ts';
import type { ItemsPanelImportMutation } from './__generated__/ItemsPanelImportMutation.graphql.ts';
import type { ItemsPanelSaveMutation } from './__generated__/ItemsPanelSaveMutation.graphql.ts';

const itemsFragment = graphql`
  fragment ItemsPanel_dictionary on Dictionary {
    id
    code
    name
    nameEn
    items(first: 500) {
      totalCount
      edges {
        node {
          id
          code
          label
          labelEn
          enabled
          sort
          remark
        }
      }
    }
  }
`;

const saveMutation = graphql`
  mutation ItemsPanelSaveMutation($input: SaveDictionaryItemInput!) {
    saveDictionaryItem(input: $input) {
      __typename
      ... on DictionaryItemPayload {
        dictionary {
          ...ItemsPanel_dictionary
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ItemsPanelDeleteMutation($input: DeleteDictionaryItemsInput!) {
    deleteDictionaryItems(input: $input) {
      __typename
      ... on DeleteDictionaryItemsPayload {
        deletedIds @deleteRecord
      }
      ... on Error {
        message
      }
    }
  }
`;

const importMutation = graphql`
  mutation ItemsPanelImportMutation($input: ImportDictionaryItemsInput!) {
    importDictionaryItems(input: $input) {
      __typename
      ... on ImportDictionaryItemsPayload {
        created
        updated
        dictionary {
          ...ItemsPanel_dictionary
        }
      }
      ... on DictionaryImportError {
        message
        rows {
          row
          column
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Item = ItemsPanel_dictionary$data['items']['edges'][number]['node'];
type Draft = { code: string; label: string; labelEn: string; sort: string; enabled: boolean; remark: string };

/** Add an item to the dictionary or edit one (code, label in both languages, order, enabled, remark). */
export function ItemDialog({ dictionaryId, item, onClose }: { dictionaryId: string; item: Item | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>({ code: item?.code ?? '', label: item?.label ?? '', labelEn: item?.labelEn ?? '', sort: String(item?.sort ?? 0), enabled: item?.enabled ?? true, remark: item?.remark ?? '' });
  const [problems, setProblems] = useState<Partial<Record<'code' | 'label' | 'sort', string>>>({});
  const save = useMutationAction<ItemsPanelSaveMutation>(saveMutation, (r) => r.saveDictionaryItem);
  const check = (x: Draft) => ({
    ...(x.code.trim() ? (/^[A-Za-z0-9_\-.:]+$/.test(x.code.trim()) ? {} : { code: t('contentUi.dict.codeRule') }) : { code: t('contentUi.required') }),
    ...(x.label.trim() ? {} : { label: t('contentUi.required') }),
    ...(/^-?\d+$/.test(x.sort.trim()) ? {} : { sort: t('contentUi.dict.sortRule') }),
  });
  const change = (p: Partial<Draft>) => {
    const next = { ...d, ...p };
    setD(next);
    if (Object.keys(problems).length) setProblems(check(next));
  };
  const submit = () => {
    const found = check(d);
    setProblems(found);
    if (Object.keys(found).length) return;
    const fields = { code: d.code.trim(), label: d.label.trim(), labelEn: d.labelEn.trim() || null, sort: Number(d.sort), enabled: d.enabled, remark: d.remark.trim() || null };
    save.run(
      { input: item ? { itemId: item.id, ...fields } : { dictionaryId, ...fields } },
      {
        onDone: () => {
          notify('success', t('contentUi.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t(item ? 'contentUi.dict.editItem' : 'contentUi.dict.addItem')} testId="item-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error}>
      <Field.Root required invalid={!!problems.code}>
        <Field.Label>
          {t('contentUi.dict.code')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={d.code} onChange={(e) => change({ code: e.target.value })} maxLength={64} data-testid="item-code" />
        <Field.ErrorText>{problems.code}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!problems.label}>
        <Field.Label>
          {t('contentUi.dict.label')} <Field.RequiredIndicator />
        </Field.Label>
        <Input value={d.label} onChange={(e) => change({ label: e.target.value })} maxLength={100} data-testid="item-label" />
        <Field.ErrorText>{problems.label}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.dict.labelEn')}</Field.Label>
        <Input value={d.labelEn} onChange={(e) => change({ labelEn: e.target.value })} maxLength={100} data-testid="item-label-en" />
      </Field.Root>
      <Field.Root invalid={!!problems.sort}>
        <Field.Label>{t('contentUi.dict.sort')}</Field.Label>
        <Input value={d.sort} inputMode="numeric" onChange={(e) => change({ sort: e.target.value })} maxLength={6} data-testid="item-sort" />
        <Field.ErrorText>{problems.sort}</Field.ErrorText>
      </Field.Root>
      <Checkbox.Root checked={d.enabled} onCheckedChange={(e) => change({ enabled: !!e.checked })} data-testid="item-enabled">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('contentUi.dict.enabled')}</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.dict.remark')}</Field.Label>
        <Textarea value={d.remark} onChange={(e) => change({ remark: e.target.value })} rows={2} maxLength={500} />
      </Field.Root>
    </FormDialog>
  );
}

/** A dictionary's items: the table, add and edit, delete, the .xlsx template and the import. */
export function ItemsPanel({ dictionary, canManage }: { dictionary: ItemsPanel_dictionary$key; canManage: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const data = useFragment(itemsFragment, dictionary);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [importing, setImporting] = useState(false);
  const [shown, setShown] = useState<'all' | 'enabled'>('all');
  const remove = useMutationAction<ItemsPanelDeleteMutation>(deleteMutation, (r) => r.deleteDictionaryItems);
  const items = data.items.edges.map((e) => e.node).filter((i) => shown === 'all' || i.enabled);
  const columns: Array<Column<Item>> = [
    { key: 'code', header: t('contentUi.dict.code'), card: 'fact', render: (i) => i.code },
    { key: 'label', header: t('contentUi.dict.label'), card: 'title', render: (i) => i.label },
    { key: 'labelEn', header: t('contentUi.dict.labelEn'), card: 'fact', render: (i) => i.labelEn ?? '' },
    { key: 'sort', header: t('contentUi.dict.sort'), card: 'hidden', render: (i) => i.sort },
    {
      key: 'enabled',
      header: t('contentUi.dict.enabled'),
      card: 'state',
      render: (i) => (
        <Badge colorPalette={i.enabled ? 'green' : 'gray'} variant="subtle">
          {t(i.enabled ? 'contentUi.dict.on' : 'contentUi.dict.off')}
        </Badge>
      ),
    },
  ];
  const actions = (i: Item): RowAction[] =>
    canManage
      ? [
          { key: 'edit', label: t('contentUi.edit'), onSelect: () => setEditing(i) },
          { key: 'delete', label: t('contentUi.delete'), danger: true, onSelect: () => setDeleting(i) },
        ]
      : [];
  const importFile = async (file: File, onProgress: (f: number) => void): Promise<ImportOutcome> => {
    const answer = (await sendWithFile<ItemsPanelImportMutation>(environment, importMutation, { input: { dictionaryId: data.id, file: null } }, 'input.file', file, onProgress)).importDictionaryItems;
    if (answer.__typename === 'ImportDictionaryItemsPayload') return { ok: true, summary: t('contentUi.dict.imported', { created: answer.created ?? 0, updated: answer.updated ?? 0 }) };
    return { ok: false, message: answer.message ?? t('transport.unknown'), rows: answer.rows ?? [] };
  };
  const template = async () => {
    const { fileName, blob } = await fetchDownload('/api/admin/template/downloadTemplate.htm?type=dictItem', 'dictionary-items.xlsx');
    saveBlob(fileName, blob);
  };
  const title = lang === 'en' && data.nameEn ? data.nameEn : data.name;
  return (
    <Stack gap="3" data-testid="dict-items" data-code={data.code}>
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="md" flex="1" minW="40" wordBreak="break-word">
          {title}{' '}
          <Text as="span" color="fg.muted" fontSize="sm" fontWeight="normal">
            {data.code}
          </Text>
        </Heading>
        <NativeSelect.Root size="sm" width="36">
          <NativeSelect.Field aria-label={t('contentUi.dict.show')} value={shown} onChange={(e) => setShown(e.target.value as 'all' | 'enabled')}>
            <option value="all">{t('contentUi.dict.showAll')}</option>
            <option value="enabled">{t('contentUi.dict.showEnabled')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {canManage && (
          <>
            <Button size="sm" variant="outline" onClick={() => setImporting(true)} data-testid="dict-import">
              <Upload size={14} /> {t('contentUi.dict.import')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')} data-testid="dict-item-add">
              <Plus size={14} /> {t('contentUi.dict.addItem')}
            </Button>
          </>
        )}
      </Flex>
      <DataTable
        label={t('contentUi.dict.itemsOf', { name: title })}
        columns={columns}
        rows={items}
        rowId={(i) => i.id}
        rowLabel={(i) => i.label}
        actions={canManage ? actions : undefined}
        onOpen={canManage ? (i) => setEditing(i) : undefined}
        empty={{ title: t('contentUi.dict.noItems'), description: canManage ? t('contentUi.dict.noItemsHint') : '' }}
        testId="dict-item-table"
      />
      {editing && <ItemDialog dictionaryId={data.id} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDialog
          title={t('contentUi.dict.deleteItem')}
          message={t('contentUi.dict.deleteItemMessage', { name: deleting.label })}
          confirmLabel={t('contentUi.delete')}
          done={t('contentUi.deleted')}
          action={remove}
          onClose={() => setDeleting(null)}
          variables={{ input: { itemIds: [deleting.id] } }}
        />
      )}
      {importing && <ImportDialog title={t('contentUi.dict.importTitle', { name: title })} hint={t('contentUi.dict.importHint')} onClose={() => setImporting(false)} upload={importFile} onTemplate={template} />}
    </Stack>
  );
}
