import { graphql } from 'react-relay';
import type { ConcreteRequest, GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import { notify } from '../components/toaster.tsx';
import { t } from '../i18n/index.ts';
import { getToken, removeToken, setToken } from '../lib/storage.ts';
import { classifyErrors, REQUEST_TIMEOUT_MS, transportMessageKey, type GraphQLErrorShape } from '../lib/transport.ts';
import { sessionUser } from '../state/session.ts';
import type { fetchRefreshTokenMutation$data } from './__generated__/fetchRefreshTokenMutation.graphql.ts';

/**
 * The one request layer (spec sections 7 and 8), without relay-runtime so the login route can
 * use it and stay small. Every operation is persisted: only its id travels. Each request
 * carries the origin (PC) and the token. No token or an unauthenticated answer ends the session
 * and goes to the login page; an expired token is refreshed once and the request retried;
 * transport failures are shown as toasts; the time-out is 60 s.
 */
const refreshMutation = graphql`
  mutation fetchRefreshTokenMutation($input: RefreshTokenInput!) {
    refreshToken(input: $input) {
      __typename
      ... on TokenPayload {
        token
      }
      ... on Error {
        message
      }
    }
  }
`;

export class RequestFailed extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Body = { data?: unknown; errors?: GraphQLErrorShape[] };
type Operation = Pick<RequestParameters, 'id' | 'name'>;

async function post(operation: Operation, variables: Variables, token: string | null): Promise<Body> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-origin': 'PC',
        ...(token ? { 'x-token': token } : {}),
      },
      body: JSON.stringify({ documentId: operation.id, operationName: operation.name, variables }),
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.aborted;
    // The browser's own words ("Failed to fetch", "NetworkError when attempting...") never reach the page.
    const message = timedOut ? t('client.requestTimeout') : t('client.networkError');
    notify('error', message);
    throw new RequestFailed(message, timedOut ? 'TIMEOUT' : 'NETWORK');
  } finally {
    clearTimeout(timer);
  }
  let body: Body | null = null;
  try {
    body = (await response.json()) as Body;
  } catch {
    body = null;
  }
  // A client older than the server's map: say so rather than "service error".
  if (body?.errors?.[0]?.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND') {
    notify('error', body.errors[0].message);
    throw new RequestFailed(body.errors[0].message, 'PERSISTED_QUERY_NOT_FOUND');
  }
  const key = transportMessageKey(response.status);
  if (key) {
    notify('error', t(key));
    throw new RequestFailed(t(key), `HTTP_${response.status}`);
  }
  if (!body || (!response.ok && !body.errors?.length)) {
    const message = body?.errors?.[0]?.message || t('transport.unknown');
    notify('error', message);
    throw new RequestFailed(message, `HTTP_${response.status}`);
  }
  return body;
}

// ── the session: ended by the server, by logout, started by login ──

const resetListeners = new Set<() => void>();

/** Listeners (the Relay environment) start afresh when the session changes. */
export function onSessionChange(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

export function sessionChanged(): void {
  resetListeners.forEach((l) => l());
}

let endingSession = false;

/** Clears the token and the user, says 尚未登陆,请登录, resets the store, goes to the login page. */
export function endSession(message: string = t('status.needLogin')): void {
  removeToken();
  sessionUser.set(null);
  if (!endingSession) {
    endingSession = true;
    notify('error', message);
    setTimeout(() => {
      endingSession = false;
    }, 1000);
  }
  sessionChanged();
  const current = window.location.hash.replace(/^#/, '') || '/';
  if (!current.startsWith('/login')) {
    window.location.hash = `#/login?redirect=${encodeURIComponent(current)}`;
  }
}

// ── token refresh: one at a time ──

let refreshing: Promise<string> | null = null;

function refreshToken(expired: string): Promise<string> {
  refreshing ??= (async (): Promise<string> => {
    // Another tab of the same session (the token is a shared cookie) may have refreshed it
    // already: presenting the old token again would look like a stolen one and end the session.
    const current = getToken();
    if (current && current !== expired) return current;
    const body = await post((refreshMutation as unknown as ConcreteRequest).params, { input: { token: expired } }, null);
    const payload = (body.data as fetchRefreshTokenMutation$data | undefined)?.refreshToken;
    if (payload?.__typename !== 'TokenPayload' || !payload.token) {
      const meanwhile = getToken();
      if (meanwhile && meanwhile !== expired) return meanwhile;
      console.error(t('token.refreshFailed'));
      throw new RequestFailed(t('token.refreshFailed'), 'REFRESH_FAILED');
    }
    setToken(payload.token);
    return payload.token;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing as Promise<string>;
}

/**
 * For the requests made outside `execute` (downloads on the legacy door, multipart uploads):
 * after an answer that `expired` has expired, the token refreshed once (shared with the
 * requests under way); when it cannot be, the session ends and this rejects.
 */
export async function renewExpiredToken(expired: string): Promise<string> {
  try {
    return await refreshToken(expired);
  } catch (err) {
    endSession();
    throw err;
  }
}

/** Runs a persisted operation with the session's token; resolves with the whole answer. */
export async function execute(operation: Operation, variables: Variables): Promise<GraphQLResponse> {
  if (!operation.id) throw new Error(`operation ${operation.name} is not persisted`);
  let token = getToken();
  for (let attempt = 0; ; attempt += 1) {
    const body = await post(operation, variables, token);
    const outcome = classifyErrors(body.errors);
    if (outcome === 'needLogin') {
      // An answer to a session that has ended since (a logout while this was under way) does
      // not end the page's session again, nor send the login page a ?redirect=.
      if (token !== getToken()) throw new RequestFailed(t('status.needLogin'), 'UNAUTHENTICATED');
      endSession();
      throw new RequestFailed(t('status.needLogin'), 'UNAUTHENTICATED');
    }
    if (outcome === 'tokenExpired' && attempt === 0 && token) {
      try {
        token = await refreshToken(token);
      } catch (err) {
        endSession();
        throw err;
      }
      continue;
    }
    if (outcome !== 'ok') {
      const message = body.errors?.[0]?.message || t('transport.unknown');
      notify('error', message);
      if (body.data === null || body.data === undefined) throw new RequestFailed(message, body.errors?.[0]?.extensions?.code ?? 'ERROR');
    }
    return body as GraphQLResponse;
  }
}

/** A persisted operation's data, for code that runs before the Relay environment is loaded (login). */
export async function run<T>(artifact: unknown, variables: Variables): Promise<T> {
  const response = await execute((artifact as ConcreteRequest).params, variables);
  return (response as { data: T }).data;
}

// ── subscriptions: GraphQL over server-sent events on the same endpoint ──

type StreamHandlers = { next: (response: GraphQLResponse) => void; error: (err: Error) => void; complete: () => void };

/**
 * Follows a persisted subscription over SSE (`Accept: text/event-stream`). A dropped stream is
 * reopened with a growing delay (1 s to 30 s); an expired token is refreshed first; an unknown
 * one ends the session. Returns the function that stops it.
 */
export function subscribe(operation: Operation, variables: Variables, handlers: StreamHandlers): () => void {
  const controller = new AbortController();
  let stopped = false;
  const stop = () => {
    stopped = true;
    controller.abort();
  };

  /** One SSE event; false when the stream must stop. */
  async function onEvent(event: string, data: string, sentWith: string): Promise<'go' | 'stop' | 'reconnect'> {
    if (event === 'complete') {
      handlers.complete();
      return 'stop';
    }
    if (!data) return 'go';
    const body = JSON.parse(data) as Body;
    const outcome = classifyErrors(body.errors);
    if (outcome === 'needLogin') {
      if (sentWith === getToken()) endSession(); // else the session has ended since
      return 'stop';
    }
    if (outcome === 'tokenExpired') {
      const token = getToken();
      if (!token) return 'stop';
      await refreshToken(token);
      return 'reconnect';
    }
    handlers.next(body as GraphQLResponse);
    return 'go';
  }

  void (async () => {
    let delay = 1000;
    while (!stopped) {
      try {
        const token = getToken();
        if (!token) return;
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-origin': 'PC', 'x-token': token },
          body: JSON.stringify({ documentId: operation.id, operationName: operation.name, variables }),
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        reading: for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            const next = await onEvent(event, data.join('\n'), token);
            if (next === 'stop') return;
            if (next === 'reconnect') break reading;
            delay = 1000;
          }
        }
      } catch {
        if (stopped) return;
      }
      if (stopped) return;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  })().catch((err: unknown) => {
    if (!stopped) handlers.error(err instanceof Error ? err : new Error(String(err)));
  });
  return stop;
}
