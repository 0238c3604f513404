import { createOperationDescriptor, getRequest, type Environment, type GraphQLTaggedNode, type MutationParameters } from 'relay-runtime';
import { t } from '../i18n/index.ts';
import { getToken } from '../lib/storage.ts';

/**
 * A persisted mutation sent as a GraphQL multipart request with one file (the file travels
 * outside the JSON, at `filePath` in the variables, e.g. `input.file`), with upload progress
 * (fetch has none, hence XMLHttpRequest). The answer is written into the Relay store like a
 * mutation's, so the screen needs no refetch. Resolves with the response; rejects with a
 * translated message on a transport failure or a GraphQL error.
 */
export function sendWithFile<T extends MutationParameters>(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: T['variables'],
  filePath: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T['response']> {
  const request = getRequest(mutation);
  const form = new FormData();
  form.append('operations', JSON.stringify({ documentId: request.params.id, operationName: request.params.name, variables }));
  form.append('map', JSON.stringify({ 0: [`variables.${filePath}`] }));
  form.append('0', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.setRequestHeader('x-origin', 'PC');
    xhr.setRequestHeader('graphql-preflight', '1');
    const token = getToken();
    if (token) xhr.setRequestHeader('x-token', token);
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    const fail = (message?: string) => reject(new Error(message || t('client.networkError')));
    xhr.onerror = () => fail();
    xhr.ontimeout = () => fail(t('client.requestTimeout'));
    xhr.onload = () => {
      if (xhr.status >= 500) return fail(t('transport.serverError'));
      if (xhr.status === 413) return fail(t('error.tooLarge'));
      try {
        const body = JSON.parse(xhr.responseText) as { data?: T['response']; errors?: Array<{ message?: string }> };
        if (!body.data) return fail(body.errors?.[0]?.message);
        environment.commitPayload(createOperationDescriptor(request, variables), body.data as never);
        resolve(body.data);
      } catch {
        fail();
      }
    };
    xhr.send(form);
  });
}
