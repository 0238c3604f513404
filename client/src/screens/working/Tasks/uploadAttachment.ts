import { graphql } from 'react-relay';
import type { ConcreteRequest } from 'relay-runtime';
import { getToken } from '../../../lib/storage.ts';
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
export function uploadAttachment(projectId: string, file: File, onProgress: (fraction: number) => void, fallbackMessage: string): Promise<UploadedFile> {
  const params = (uploadMutation as unknown as ConcreteRequest).params;
  const form = new FormData();
  form.append('operations', JSON.stringify({ documentId: params.id, operationName: params.name, variables: { input: { projectId, file: null } } }));
  form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.append('0', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.setRequestHeader('x-origin', 'PC');
    xhr.setRequestHeader('graphql-preflight', '1');
    const token = getToken();
    if (token) xhr.setRequestHeader('x-token', token);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    const fail = (message?: string) => reject(new UploadFailed(message || fallbackMessage));
    xhr.onerror = () => fail();
    xhr.ontimeout = () => fail();
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { data?: uploadAttachmentMutation$data; errors?: Array<{ message?: string }> };
        const result = body.data?.uploadProjectFile;
        if (result?.__typename === 'UploadProjectFilePayload' && result.file) {
          resolve({ fileName: result.file.fileName, downloadUrl: result.file.downloadUrl, size: result.file.size });
        } else if (result?.message) {
          fail(result.message);
        } else {
          fail(body.errors?.[0]?.message);
        }
      } catch {
        fail();
      }
    };
    xhr.send(form);
  });
}

/** The editor's attachment uploader for a project (null without one: the editor then refuses attachments). */
export function projectUploader(projectId: string | null | undefined): AttachmentUploader | null {
  return projectId ? (file, onProgress, fallbackMessage) => uploadAttachment(projectId, file, onProgress, fallbackMessage) : null;
}
