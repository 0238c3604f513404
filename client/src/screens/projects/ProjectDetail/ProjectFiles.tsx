import { Badge, Box, Button, Flex, Heading, IconButton, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Download, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { LoadMore } from '../../../components/list/DataTable.tsx';
import { DeleteDialog } from '../../../components/list/ConfirmDialog.tsx';
import { downloadFile } from '../../../components/list/fetchDownload.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { fileSize } from '../projectDraft.ts';
import type { ProjectFiles_project$data, ProjectFiles_project$key } from './__generated__/ProjectFiles_project.graphql.ts';
import type { ProjectFilesDeleteMutation } from './__generated__/ProjectFilesDeleteMutation.graphql.ts';
import type { ProjectFilesUploadMutation } from './__generated__/ProjectFilesUploadMutation.graphql.ts';

const filesFragment = graphql`
  fragment ProjectFiles_project on Project @refetchable(queryName: "ProjectFilesPaginationQuery") @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    id
    viewerCanManage
    files(first: $count, after: $cursor) @connection(key: "ProjectFiles_files") {
      totalCount
      edges {
        node {
          id
          fileName
          size
          createdAt
          downloadUrl
          uploadedBy {
            id
            name
            nameEn
          }
        }
      }
    }
  }
`;

const uploadMutation = graphql`
  mutation ProjectFilesUploadMutation($input: UploadProjectFileInput!) {
    uploadProjectFile(input: $input) {
      __typename
      ... on UploadProjectFilePayload {
        project {
          ...ProjectFiles_project
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ProjectFilesDeleteMutation($input: DeleteProjectFileInput!) {
    deleteProjectFile(input: $input) {
      __typename
      ... on DeleteProjectFilePayload {
        project {
          ...ProjectFiles_project
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type FileRow = ProjectFiles_project$data['files']['edges'][number]['node'];

/**
 * A project's files: upload (members and who manages the project; progress while it travels; the
 * server checks type and size), the list, download with the session, delete (who manages the
 * project, or who uploaded the file; the server decides and answers a refusal otherwise).
 */
export function ProjectFiles({ project, canUpload, viewerId }: { project: ProjectFiles_project$key; canUpload: boolean; viewerId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const environment = useRelayEnvironment();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(filesFragment, project);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileRow | null>(null);
  const remove = useMutationAction<ProjectFilesDeleteMutation>(deleteMutation, (r) => r.deleteProjectFile);
  const files = data.files.edges.map((e) => e.node);

  const upload = async (file: File) => {
    setFailure(null);
    setProgress({ name: file.name, fraction: 0 });
    try {
      const answer = await sendWithFile<ProjectFilesUploadMutation>(environment, uploadMutation, { input: { projectId: data.id, file: null } }, 'input.file', file, (fraction) =>
        setProgress({ name: file.name, fraction }),
      );
      const r = answer.uploadProjectFile;
      if (r.__typename === 'UploadProjectFilePayload') notify('success', t('contentUi.file.uploaded', { name: file.name }));
      else setFailure(('message' in r ? r.message : null) ?? t('transport.unknown'));
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const download = (f: FileRow) => downloadFile(f.downloadUrl, f.fileName).catch((e) => notify('error', (e as Error).message));

  return (
    <Stack gap="3" data-testid="project-files">
      <Flex align="center" gap="2">
        <Heading size="md" flex="1">
          {t('contentUi.file.title')} <Badge variant="subtle">{data.files.totalCount}</Badge>
        </Heading>
        {canUpload && (
          <>
            <VisuallyHidden>
              <input id={inputId} ref={input} type="file" aria-label={t('contentUi.file.upload')} tabIndex={-1} data-testid="file-input" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
            </VisuallyHidden>
            <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={!!progress} data-testid="file-upload">
              <Upload size={14} /> {t('contentUi.file.upload')}
            </Button>
          </>
        )}
      </Flex>
      {canUpload && (
        <Text fontSize="xs" color="fg.subtle">
          {t('contentUi.file.hint')}
        </Text>
      )}
      {progress && (
        <Progress.Root value={Math.round(progress.fraction * 100)} size="sm" data-testid="file-progress">
          <Progress.Label fontSize="sm">{t('contentUi.file.uploading', { name: progress.name })}</Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {failure && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="file-error">
          {failure}
        </Text>
      )}
      {!files.length && <Text color="fg.subtle">{t('contentUi.file.empty')}</Text>}
      <Stack gap="0">
        {files.map((f) => (
          <Flex key={f.id} align="center" gap="2" py="2" borderBottomWidth="1px" wrap="wrap" data-testid="file-row" data-name={f.fileName}>
            <Box flex="1" minW="40">
              <Text wordBreak="break-all">{f.fileName}</Text>
              <Text fontSize="xs" color="fg.muted">
                {[fileSize(f.size), personName(f.uploadedBy, lang), fmt.dateTime(f.createdAt as string)].filter(Boolean).join(' · ')}
              </Text>
            </Box>
            <IconButton size="sm" variant="ghost" aria-label={t('contentUi.file.download', { name: f.fileName })} onClick={() => void download(f)} data-testid="file-download">
              <Download size={16} />
            </IconButton>
            {(data.viewerCanManage || f.uploadedBy?.id === viewerId) && (
              <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('contentUi.file.delete', { name: f.fileName })} onClick={() => setDeleting(f)} data-testid="file-delete">
                <Trash2 size={16} />
              </IconButton>
            )}
          </Flex>
        ))}
      </Stack>
      {files.length > 0 && <LoadMore shown={files.length} total={data.files.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(50)} testId="files-more" />}
      {deleting && (
        <DeleteDialog
          title={t('contentUi.file.deleteTitle')}
          message={t('contentUi.file.deleteMessage', { name: deleting.fileName })}
          confirmLabel={t('contentUi.delete')}
          done={t('contentUi.deleted')}
          action={remove}
          onClose={() => setDeleting(null)}
          testId="file-delete-dialog"
          variables={{ input: { fileId: deleting.id } }}
        />
      )}
    </Stack>
  );
}
