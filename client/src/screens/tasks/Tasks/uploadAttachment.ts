import { graphql } from 'react-relay';
import type { ConcreteRequest } from 'relay-runtime';
import { postWithFile } from '../../../relay/multipart.ts';
import { UploadFailed, type AttachmentUploader, type UploadedFile } from '../../../components/editor/upload.ts';
import type { uploadAttachmentMutation$data } from './__generated__/uploadAttachmentMutation.graphql.ts';

/**
 * Attachments are stored as files of the task's project (uploadProjectFile: office documents,
 * PDF, images, text; 20 MB; the type is checked by content on the server). There is no
 * generic editor upload endpoint on the server; see docs/tasks-ui.md.
 */
const uploadMutation = graphql`
  mutation uploadAttachmentMutation($input: UploadProjectFileInput!) {
    uploadProjectFile(input: $input) {
      __typename
      ... on UploadProjectFilePayload {
        file {
          id
          fileName
          downloadUrl
          size
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Sends one file with the GraphQL multipart request (the persisted id travels in
 * `operations`), reporting progress; resolves with the stored file or rejects with the
 * server's message.
 */
export async function uploadAttachment(projectId: string, file: File, onProgress: (fraction: number) => void, fallbackMessage: string): Promise<UploadedFile> {
  const params = (uploadMutation as unknown as ConcreteRequest).params;
  let body: { data?: unknown; errors?: Array<{ message?: string }> };
  try {
    body = await postWithFile(params, { input: { projectId, file: null } }, 'input.file', file, onProgress, 60_000);
  } catch {
    throw new UploadFailed(fallbackMessage);
  }
  const result = (body.data as uploadAttachmentMutation$data | undefined)?.uploadProjectFile;
  if (result?.__typename === 'UploadProjectFilePayload' && result.file) return { fileName: result.file.fileName, downloadUrl: result.file.downloadUrl, size: result.file.size };
  throw new UploadFailed(result?.message || body.errors?.[0]?.message || fallbackMessage);
}

/** The editor's attachment uploader for a project (null without one: the editor then refuses attachments). */
export function projectUploader(projectId: string | null | undefined): AttachmentUploader | null {
  return projectId ? (file, onProgress, fallbackMessage) => uploadAttachment(projectId, file, onProgress, fallbackMessage) : null;
}
