import { Box, Button, Flex, HStack, IconButton, Input, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Check, Download, Paperclip, Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useRelayEnvironment } from 'react-relay';
import { FormError } from '../../../components/FormError.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { downloadFile } from '../../../components/list/fetchDownload.ts';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { type SectionDef } from '../shared/fields.ts';
import type { Answer, FileRow, Row, SectionContext } from './sectionSave.ts';
import type { SectionFilesArrangeMutation } from './__generated__/SectionFilesArrangeMutation.graphql.ts';
import type { SectionFilesDeleteMutation } from './__generated__/SectionFilesDeleteMutation.graphql.ts';
import type { SectionFilesUploadMutation } from './__generated__/SectionFilesUploadMutation.graphql.ts';

/** A row's attachments: upload with progress, download, rename, reorder, delete. */

const uploadMutation = graphql`
  mutation SectionFilesUploadMutation($input: UploadArchiveFileInput!) {
    uploadArchiveFile(input: $input) {
      __typename
      ... on ArchiveFilePayload {
        archive {
          id
          ...EducationsSection_archive
          ...AwardsSection_archive
          ...MultimediaSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteFileMutation = graphql`
  mutation SectionFilesDeleteMutation($input: DeleteArchiveFileInput!) {
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
  mutation SectionFilesArrangeMutation($input: ArrangeArchiveFilesInput!) {
    arrangeArchiveFiles(input: $input) {
      __typename
      ... on ArrangeArchiveFilesPayload {
        archive {
          id
          ...EducationsSection_archive
          ...AwardsSection_archive
          ...MultimediaSection_archive
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export function Files({ section, row, ctx }: { section: SectionDef; row: Row; ctx: SectionContext }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileRow | null>(null);
  const remove = useMutationAction<SectionFilesDeleteMutation, Answer>(deleteFileMutation, (r) => r.deleteArchiveFile);
  const files = (row.files ?? []).filter(Boolean);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const renamingId = renaming?.id;
  // The name field takes the focus when it opens (the pencil that opened it is gone).
  useEffect(() => {
    if (renamingId) nameInput.current?.focus();
  }, [renamingId]);
  const arrange = useMutationAction<SectionFilesArrangeMutation, Answer>(arrangeFilesMutation, (r) => r.arrangeArchiveFiles);
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
      const data = await sendWithFile<SectionFilesUploadMutation>(environment, uploadMutation, { input: { objectId: row.id, file: null } }, 'input.file', file, setProgress);
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
  const download = (f: FileRow) => downloadFile(f.downloadUrl, f.fileName).catch((err) => notify('error', err instanceof Error ? err.message : t('transport.unknown')));
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
