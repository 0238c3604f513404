import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { problemsOf, rowTitle, toInput, toValues, type FieldDef, type SectionDef, type Values } from '../shared/fields.ts';
import { SectionFields } from './FieldInput.tsx';
import { useSave, type Answer, type Options, type Row, type SectionContext } from './sectionSave.ts';
import { Files } from './SectionFiles.tsx';
import { ReadFields } from './ReadFields.tsx';
import type { SectionRowsDeleteRowMutation } from './__generated__/SectionRowsDeleteRowMutation.graphql.ts';

/** A list section's rows: each read as text with its attachments, added and edited in a dialog, deleted after confirming. */

const deleteRowMutation = graphql`
  mutation SectionRowsDeleteRowMutation($input: DeleteArchiveRecordInput!) {
    deleteArchiveRecord(input: $input) {
      __typename
      ... on DeleteArchiveRecordPayload {
        deletedId @deleteRecord
        archive {
          id
          updatedAt
          ...ArchiveDetailVerification_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function ListSection({ section, fields, rows, ctx, options }: { section: SectionDef; fields: FieldDef[]; rows: Row[]; ctx: SectionContext; options: Options }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useMutationAction<SectionRowsDeleteRowMutation, Answer>(deleteRowMutation, (r) => r.deleteArchiveRecord);
  return (
    <Stack gap="3">
      {!rows.length && (
        <Text color="fg.subtle" fontSize="sm">
          {t('archivesUi.detail.empty')}
        </Text>
      )}
      {rows.map((row, i) => (
        <Box key={row.id} borderWidth="1px" borderRadius="md" p="3" data-testid={`section-${section.key}-row`}>
          <Flex align="center" gap="2" mb="2">
            <Text fontWeight="semibold" flex="1" minW="0" truncate>
              {rowTitle(section, row, t, i)}
            </Text>
            {ctx.editable && (
              <>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('archivesUi.detail.editRow', { name: rowTitle(section, row, t, i) })}
                  onClick={() => setEditing({ row })}
                  data-testid={`section-${section.key}-row-edit`}
                >
                  <Pencil size={14} />
                </IconButton>
                <IconButton size="xs" variant="ghost" aria-label={t('archivesUi.detail.deleteRow')} onClick={() => setDeleting(row)} data-testid={`section-${section.key}-row-delete`}>
                  <Trash2 size={14} />
                </IconButton>
              </>
            )}
          </Flex>
          <ReadFields section={section} fields={fields} row={row} />
          {section.fileKind && <Files section={section} row={row} ctx={ctx} />}
        </Box>
      ))}
      {ctx.editable && (
        <Box>
          <Button size="sm" variant="outline" onClick={() => setEditing({ row: null })} data-testid={`section-${section.key}-add`}>
            <Plus size={14} /> {t('archivesUi.detail.addRow')}
          </Button>
        </Box>
      )}
      {editing && <RowDialog section={section} fields={fields} row={editing.row} ctx={ctx} options={options} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('archivesUi.detail.deleteRow')}
          message={t('archivesUi.detail.deleteRowConfirm', { section: t(`archivesUi.s.${section.key}`) })}
          confirmLabel={t('archivesUi.act.delete')}
          destructive
          busy={remove.busy}
          error={remove.error}
          onClose={() => (setDeleting(null), remove.setError(null))}
          testId="row-delete-dialog"
          onConfirm={() =>
            remove.run(
              { input: { id: deleting.id } },
              {
                onDone: () => {
                  notify('success', t('archivesUi.deleted'));
                  setDeleting(null);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}

function RowDialog({ section, fields, row, ctx, options, onClose }: { section: SectionDef; fields: FieldDef[]; row: Row | null; ctx: SectionContext; options: Options; onClose: () => void }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(() => toValues(fields, row));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const check = (v: Values) => problemsOf(section, fields, v, ctx.sensitive, t);
  const name = t(`archivesUi.s.${section.key}`);
  const submit = () => {
    const found = check(values);
    setProblems(found);
    if (Object.keys(found).length) return;
    save.run(
      { input: { archiveId: ctx.archiveId, rows: [{ ...(row ? { id: row.id } : {}), ...toInput(fields, values, ctx.sensitive) }] } },
      {
        onDone: () => {
          notify('success', t('archivesUi.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={row ? t('archivesUi.detail.editRow', { name }) : t('archivesUi.detail.newRow', { name })}
      testId="row-dialog"
      onClose={onClose}
      onSave={submit}
      busy={save.busy}
      error={save.error}
      saveLabel={t('archivesUi.detail.save')}
      saveTestId="row-dialog-save"
      size="lg"
    >
      <SectionFields section={section} fields={fields} values={values} onValues={setValues} problems={problems} setProblems={setProblems} check={check} sensitive={ctx.sensitive} idPrefix={idPrefix} options={options} />
      {section.fileKind && !row && (
        <Text fontSize="sm" color="fg.muted">
          {t('archivesUi.detail.saveFirst')}
        </Text>
      )}
    </FormDialog>
  );
}
