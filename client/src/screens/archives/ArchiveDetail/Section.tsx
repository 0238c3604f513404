import { Badge, Box, Button, Card, DataList, Flex, Grid, Heading, HStack, IconButton, Input, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Check, Download, EyeOff, Paperclip, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { saveBlob } from '../../../components/list/download.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { display, fieldsOf, isMasked, labelOf, problemsOf, rowTitle, toInput, toValues, wide, type FieldDef, type SectionDef, type Values } from '../shared/fields.ts';
import { SAVE_MUTATIONS, SECTION_FRAGMENTS } from './ArchiveDetailSection.ts';
import { FieldInput } from './FieldInput.tsx';
import type { SectionDeleteRowMutation } from './__generated__/SectionDeleteRowMutation.graphql.ts';
import type { SectionArrangeFilesMutation } from './__generated__/SectionArrangeFilesMutation.graphql.ts';
import type { SectionDeleteFileMutation } from './__generated__/SectionDeleteFileMutation.graphql.ts';
import type { SectionUploadMutation } from './__generated__/SectionUploadMutation.graphql.ts';

type Row = Record<string, unknown> & { id: string; databaseId: number; files?: ReadonlyArray<FileRow> };
type FileRow = { id: string; fileName: string; size: number; mimeType: string; downloadUrl: string };
type Answer = { readonly __typename: string; readonly message?: string };

const deleteRowMutation = graphql`
  mutation SectionDeleteRowMutation($input: DeleteArchiveRecordInput!) {
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

const uploadMutation = graphql`
  mutation SectionUploadMutation($input: UploadArchiveFileInput!) {
    uploadArchiveFile(input: $input) {
      __typename
      ... on ArchiveFilePayload {
        archive {
          id
          ...ArchiveDetailSection_educations
          ...ArchiveDetailSection_awards
          ...ArchiveDetailSection_multimedia
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteFileMutation = graphql`
  mutation SectionDeleteFileMutation($input: DeleteArchiveFileInput!) {
    deleteArchiveFile(input: $input) {
      __typename
      ... on DeleteArchiveFilePayload {
        deletedFileId @deleteRecord
      }
      ... on Error {
        message
      }
    }
  }
`;

const arrangeFilesMutation = graphql`
  mutation SectionArrangeFilesMutation($input: ArrangeArchiveFilesInput!) {
    arrangeArchiveFiles(input: $input) {
      __typename
      ... on ArrangeArchiveFilesPayload {
        archive {
          id
          ...ArchiveDetailSection_educations
          ...ArchiveDetailSection_awards
          ...ArchiveDetailSection_multimedia
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type SectionContext = {
  archiveId: string;
  /** The viewer may edit this section now (module permission for the archive's state, not locked). */
  editable: boolean;
  locked: boolean;
  sensitive: boolean;
  verification?: { text: string; palette: string } | null;
};

/**
 * One section of the archive (docs/archives-ui.md): reads as text; a one-row section (bio,
 * family, survey) turns into a form in place with its own Save and Cancel; a list section adds
 * and edits rows in a dialog, deletes a row after confirming, and keeps the rows' attachments
 * (upload with progress, download by link). Saving one section never touches another's input.
 */
export function Section({ section, archive, ctx }: { section: SectionDef; archive: unknown; ctx: SectionContext }) {
  const { t } = useTranslation();
  const data = useFragment(SECTION_FRAGMENTS[section.key]!, archive as never) as Record<string, unknown> | null;
  const value = data?.[section.key] as Row | ReadonlyArray<Row | null> | null | undefined;
  const fields = fieldsOf(section, { showScore: data?.isShowScore === true });
  // Awards choose their reward project among the archive's own.
  const projects = useFragment(SECTION_FRAGMENTS.rewardProjects!, (section.key === 'awards' ? archive : null) as never) as {
    rewardProjects?: ReadonlyArray<{ databaseId: number; name: string | null } | null> | null;
  } | null;
  const rewardProjects = projects?.rewardProjects;
  const options: Record<string, ReadonlyArray<{ value: string; label: string }>> = rewardProjects
    ? { projectId: rewardProjects.filter((p): p is { databaseId: number; name: string | null } => !!p).map((p) => ({ value: String(p.databaseId), label: p.name ?? String(p.databaseId) })) }
    : {};
  const anyMasked = fields.some((f) => isMasked(f, ctx.sensitive));
  return (
    <Card.Root id={`section-${section.key}`} size="sm" scrollMarginTop="24" data-testid={`section-${section.key}`}>
      <Card.Header>
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md" flex="1" minW="0">
            {t(`archivesUi.s.${section.key}`)}
          </Heading>
          {ctx.verification && (
            <Badge colorPalette={ctx.verification.palette} variant="subtle" data-testid={`section-${section.key}-verified`}>
              {ctx.verification.text}
            </Badge>
          )}
          {!ctx.editable && (
            <Badge variant="outline" colorPalette="gray" data-testid={`section-${section.key}-readonly`}>
              {ctx.locked ? t('archivesUi.locked') : t('archivesUi.detail.readOnly')}
            </Badge>
          )}
        </Flex>
        {anyMasked && (
          <Text fontSize="xs" color="fg.muted" display="flex" alignItems="center" gap="1" data-testid={`section-${section.key}-masked`}>
            <EyeOff size={12} aria-hidden /> {t('archivesUi.masked')}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        {section.single ? (
          <SingleSection section={section} fields={fields} row={(value as Row | null) ?? null} ctx={ctx} />
        ) : (
          <ListSection section={section} fields={fields} rows={((value as ReadonlyArray<Row | null> | null) ?? []).filter((r): r is Row => !!r)} ctx={ctx} options={options} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ReadFields({ section, fields, row }: { section: SectionDef; fields: readonly FieldDef[]; row: Record<string, unknown> }) {
  const { t } = useTranslation();
  const shown = fields.filter((f) => row[f.name] !== null && row[f.name] !== undefined && row[f.name] !== '');
  if (!shown.length) {
    return (
      <Text color="fg.subtle" fontSize="sm">
        {t('archivesUi.detail.empty')}
      </Text>
    );
  }
  return (
    <DataList.Root orientation="horizontal" size="sm" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
      {shown.map((f) => (
        <DataList.Item key={f.name} gridColumn={wide(f) ? { md: 'span 2' } : undefined} alignItems="start" data-testid={`value-${f.name}`}>
          <DataList.ItemLabel minW="28">{labelOf(section, f, t)}</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
            {display(section, f, row[f.name], t)}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function useSave(section: SectionDef) {
  const { mutation, field } = SAVE_MUTATIONS[section.key]!;
  return useMutationAction<MutationParameters, Answer>(mutation, (r) => (r as Record<string, Answer>)[field]!);
}

function SingleSection({ section, fields, row, ctx }: { section: SectionDef; fields: FieldDef[]; row: Row | null; ctx: SectionContext }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [editing, setEditing] = useState<Values | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave(section);
  const check = (values: Values) => problemsOf(section, fields, values, ctx.sensitive, t);
  const submit = () => {
    if (!editing) return;
    const found = check(editing);
    setProblems(found);
    if (Object.keys(found).length) return;
    save.run(
      { input: { archiveId: ctx.archiveId, ...toInput(fields, editing, ctx.sensitive) } },
      {
        onDone: () => {
          notify('success', t('archivesUi.saved'));
          setEditing(null);
        },
      },
    );
  };
  if (!editing) {
    return (
      <Stack gap="3">
        <ReadFields section={section} fields={fields} row={row ?? {}} />
        {ctx.editable && (
          <Box>
            <Button size="sm" variant="outline" onClick={() => setEditing(toValues(fields, row))} data-testid={`section-${section.key}-edit`}>
              <Pencil size={14} /> {t('archivesUi.detail.edit')}
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid={`section-${section.key}-form`}
    >
      <Stack gap="3">
        <FormError message={save.error} testId={`section-${section.key}-error`} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          {fields.map((f) => (
            <FieldInput
              key={f.name}
              section={section}
              field={f}
              values={editing}
              sensitive={ctx.sensitive}
              idPrefix={idPrefix}
              problem={problems[f.name]}
              onChange={(name, v) => {
                const next = { ...editing, [name]: v };
                setEditing(next);
                // A message goes as soon as its field is fixed.
                if (problems[name]) setProblems((p) => Object.fromEntries(Object.entries(check(next)).filter(([k]) => k in p)));
              }}
              onBlur={(name) => {
                const found = check(editing);
                setProblems((p) => {
                  const next = { ...p };
                  if (found[name]) next[name] = found[name];
                  else delete next[name];
                  return next;
                });
              }}
            />
          ))}
        </Grid>
        <HStack justify="end">
          <Button variant="outline" onClick={() => (setEditing(null), setProblems({}), save.setError(null))}>
            {t('archivesUi.detail.cancel')}
          </Button>
          <Button type="submit" colorPalette="blue" loading={save.busy} data-testid={`section-${section.key}-save`}>
            {t('archivesUi.detail.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function ListSection({ section, fields, rows, ctx, options }: { section: SectionDef; fields: FieldDef[]; rows: Row[]; ctx: SectionContext; options: Record<string, ReadonlyArray<{ value: string; label: string }>> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useMutationAction<SectionDeleteRowMutation, Answer>(deleteRowMutation, (r) => r.deleteArchiveRecord);
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

function RowDialog({
  section,
  fields,
  row,
  ctx,
  options,
  onClose,
}: {
  section: SectionDef;
  fields: FieldDef[];
  row: Row | null;
  ctx: SectionContext;
  options: Record<string, ReadonlyArray<{ value: string; label: string }>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(() => toValues(fields, row));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave(section);
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
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        {fields.map((f) => (
          <FieldInput
            key={f.name}
            section={section}
            field={f}
            values={values}
            sensitive={ctx.sensitive}
            idPrefix={idPrefix}
            problem={problems[f.name]}
            options={options[f.name]}
            onChange={(n, v) => {
              const next = { ...values, [n]: v };
              setValues(next);
              if (problems[n]) setProblems((p) => Object.fromEntries(Object.entries(check(next)).filter(([k]) => k in p)));
            }}
            onBlur={(n) => {
              const found = check(values);
              setProblems((p) => {
                const next = { ...p };
                if (found[n]) next[n] = found[n];
                else delete next[n];
                return next;
              });
            }}
          />
        ))}
      </Grid>
      {section.fileKind && !row && (
        <Text fontSize="sm" color="fg.muted">
          {t('archivesUi.detail.saveFirst')}
        </Text>
      )}
    </FormDialog>
  );
}

function Files({ section, row, ctx }: { section: SectionDef; row: Row; ctx: SectionContext }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileRow | null>(null);
  const remove = useMutationAction<SectionDeleteFileMutation, Answer>(deleteFileMutation, (r) => r.deleteArchiveFile);
  const files = (row.files ?? []).filter(Boolean);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const renamingId = renaming?.id;
  // The name field takes the focus when it opens (the pencil that opened it is gone).
  useEffect(() => {
    if (renamingId) nameInput.current?.focus();
  }, [renamingId]);
  const arrange = useMutationAction<SectionArrangeFilesMutation, Answer>(arrangeFilesMutation, (r) => r.arrangeArchiveFiles);
  // The server takes the row's files in their new order (arrangeArchiveFiles); it answers the section again.
  const move = (i: number, by: -1 | 1) => {
    const order = files.map((f) => ({ id: f.id }));
    const [moved] = order.splice(i, 1);
    order.splice(i + by, 0, moved!);
    arrange.run({ input: { files: order } }, { onDone: () => undefined });
  };
  const rename = (f: FileRow, name: string) => {
    if (!name.trim() || name.trim() === f.fileName) return setRenaming(null);
    // Every file of the row in its place (the files named come first), the new name on this one.
    const order = files.map((x) => (x.id === f.id ? { id: x.id, fileName: name.trim() } : { id: x.id }));
    arrange.run({ input: { files: order } }, { onDone: () => setRenaming(null) });
  };
  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const data = await sendWithFile<SectionUploadMutation>(environment, uploadMutation, { input: { objectId: row.id, file: null } }, 'input.file', file, setProgress);
      const answer = data.uploadArchiveFile;
      if (answer.__typename !== 'ArchiveFilePayload') setError(('message' in answer ? answer.message : null) ?? t('transport.unknown'));
      else notify('success', t('archivesUi.detail.uploaded'));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('transport.unknown'));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const download = async (f: FileRow) => {
    try {
      const { fileName, blob } = await fetchDownload(f.downloadUrl, f.fileName);
      saveBlob(fileName, blob);
    } catch (err) {
      notify('error', err instanceof Error ? err.message : t('transport.unknown'));
    }
  };
  return (
    <Stack gap="2" mt="3" data-testid={`section-${section.key}-files`}>
      <Text fontSize="sm" fontWeight="medium" display="flex" alignItems="center" gap="1">
        <Paperclip size={14} aria-hidden /> {t('archivesUi.detail.files')}
      </Text>
      {files.map((f, i) =>
        renaming?.id === f.id ? (
          <Flex
            key={f.id}
            as="form"
            align="center"
            gap="1"
            fontSize="sm"
            data-testid="archive-file"
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              rename(f, renaming.name);
            }}
          >
            <Input
              ref={nameInput}
              size="xs"
              maxW="xs"
              value={renaming.name}
              maxLength={150}
              aria-label={t('archivesUi.detail.fileName', { name: f.fileName })}
              onChange={(e) => setRenaming({ id: f.id, name: e.target.value })}
              onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
              data-testid="archive-file-name"
            />
            <IconButton type="submit" size="xs" variant="ghost" aria-label={t('archivesUi.detail.renameSave')} loading={arrange.busy} disabled={!renaming.name.trim()} data-testid="archive-file-rename-save">
              <Check size={14} />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={t('archivesUi.detail.renameCancel')} onClick={() => setRenaming(null)}>
              <X size={14} />
            </IconButton>
          </Flex>
        ) : (
          <Flex key={f.id} align="center" gap="2" fontSize="sm" data-testid="archive-file">
            <Link
              href={f.downloadUrl}
              color="fg.link"
              onClick={(e) => {
                e.preventDefault();
                void download(f);
              }}
              aria-label={t('archivesUi.detail.download', { name: f.fileName })}
              truncate
            >
              <Download size={14} aria-hidden /> {f.fileName}
            </Link>
            <Text color="fg.subtle" flexShrink={0}>
              {Math.max(1, Math.round(f.size / 1024))} KB
            </Text>
            {ctx.editable && (
              <HStack gap="0" flexShrink={0}>
                {files.length > 1 && (
                  <>
                    <IconButton size="xs" variant="ghost" aria-label={t('archivesUi.detail.moveUp', { name: f.fileName })} disabled={i === 0 || arrange.busy} onClick={() => move(i, -1)} data-testid="archive-file-up">
                      <ArrowUp size={14} />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('archivesUi.detail.moveDown', { name: f.fileName })}
                      disabled={i === files.length - 1 || arrange.busy}
                      onClick={() => move(i, 1)}
                      data-testid="archive-file-down"
                    >
                      <ArrowDown size={14} />
                    </IconButton>
                  </>
                )}
                <IconButton size="xs" variant="ghost" aria-label={t('archivesUi.detail.renameFile', { name: f.fileName })} onClick={() => setRenaming({ id: f.id, name: f.fileName })} data-testid="archive-file-rename">
                  <Pencil size={14} />
                </IconButton>
                <IconButton size="xs" variant="ghost" aria-label={t('archivesUi.detail.deleteFile', { name: f.fileName })} onClick={() => setDeleting(f)}>
                  <Trash2 size={14} />
                </IconButton>
              </HStack>
            )}
          </Flex>
        ),
      )}
      <FormError message={arrange.error} testId="file-arrange-error" />
      {ctx.editable && (
        <Box>
          <input ref={input} id={inputId} type="file" hidden onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} data-testid={`section-${section.key}-file-input`} />
          <Button size="xs" variant="outline" onClick={() => input.current?.click()} loading={progress !== null} data-testid={`section-${section.key}-upload`}>
            <Paperclip size={12} /> {t('archivesUi.detail.upload')}
          </Button>
        </Box>
      )}
      {progress !== null && (
        <Progress.Root value={Math.round(progress * 100)} size="xs" maxW="xs" aria-label={t('archivesUi.detail.uploading', { percent: Math.round(progress * 100) })}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <FormError message={error} testId="file-error" />
      {deleting && (
        <ConfirmDialog
          title={t('archivesUi.detail.deleteFile', { name: deleting.fileName })}
          message={t('archivesUi.detail.deleteFileConfirm', { name: deleting.fileName })}
          confirmLabel={t('archivesUi.act.delete')}
          destructive
          busy={remove.busy}
          error={remove.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.run({ input: { id: deleting.id } }, { onDone: () => setDeleting(null) })}
        />
      )}
    </Stack>
  );
}
