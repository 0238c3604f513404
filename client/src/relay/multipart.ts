import { createOperationDescriptor, getRequest, type Environment, type GraphQLTaggedNode, type MutationParameters, type RequestParameters, type Variables } from 'relay-runtime';
import { t } from '../i18n/index.ts';
import { getToken } from '../lib/storage.ts';
import { classifyErrors, type GraphQLErrorShape } from '../lib/transport.ts';
import { endSession, renewExpiredToken } from './fetch.ts';

type Body = { data?: unknown; errors?: GraphQLErrorShape[] };

/** A failed multipart request, with the translated message a screen shows. */
class MultipartFailed extends Error {}

function post(params: Pick<RequestParameters, 'id' | 'name'>, variables: Variables, filePath: string, file: File, token: string | null, timeoutMs: number, onProgress: (fraction: number) => void): Promise<Body> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ documentId: params.id, operationName: params.name, variables }));
  form.append('map', JSON.stringify({ 0: [`variables.${filePath}`] }));
  form.append('0', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.setRequestHeader('x-origin', 'PC');
    xhr.setRequestHeader('graphql-preflight', '1');
    if (token) xhr.setRequestHeader('x-token', token);
    xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    const fail = (message: string) => reject(new MultipartFailed(message));
    xhr.onerror = () => fail(t('client.networkError'));
    xhr.ontimeout = () => fail(t('client.requestTimeout'));
    xhr.onload = () => {
      if (xhr.status >= 500) return fail(t('transport.serverError'));
      if (xhr.status === 413) return fail(t('error.tooLarge'));
      try {
        resolve(JSON.parse(xhr.responseText) as Body);
      } catch {
        fail(t('client.networkError'));
      }
    };
    xhr.send(form);
  });
}

/**
 * A persisted operation sent as a GraphQL multipart request with one file at `filePath` in the
 * variables (e.g. `input.file`), with upload progress (fetch has none, hence XMLHttpRequest).
 * An expired token is refreshed once and the file sent again, as `execute` does; an unknown
 * one ends the session. Resolves with the answer's body; rejects with a translated message on
 * a transport failure.
 */
export async function postWithFile(params: Pick<RequestParameters, 'id' | 'name'>, variables: Variables, filePath: string, file: File, onProgress: (fraction: number) => void, timeoutMs = 120_000): Promise<Body> {
  let token = getToken();
  let body = await post(params, variables, filePath, file, token, timeoutMs, onProgress);
  const outcome = classifyErrors(body.errors);
  if (outcome === 'tokenExpired' && token) {
    token = await renewExpiredToken(token);
    body = await post(params, variables, filePath, file, token, timeoutMs, onProgress);
  } else if (outcome === 'needLogin' && token === getToken()) {
    endSession();
  }
  return body;
}

/**
 * A persisted mutation sent with one file (`postWithFile`). The answer is written into the
 * Relay store like a mutation's, so the screen needs no refetch. Resolves with the response;
 * rejects with a translated message on a transport failure or a GraphQL error.
 */
export async function sendWithFile<T extends MutationParameters>(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: T['variables'],
  filePath: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T['response']> {
  const request = getRequest(mutation);
  let body: Body;
  try {
    body = await postWithFile(request.params, variables, filePath, file, onProgress);
  } catch (err) {
    throw new Error((err as Error).message || t('client.networkError'));
  }
  if (!body.data) throw new Error(body.errors?.[0]?.message || t('client.networkError'));
  environment.commitPayload(createOperationDescriptor(request, variables), body.data as never);
  return body.data as T['response'];
}
