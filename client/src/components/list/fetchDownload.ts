import { t } from '../../i18n/index.ts';
import { getToken } from '../../lib/storage.ts';
import { endSession, renewExpiredToken } from '../../relay/fetch.ts';
import { saveBlob } from './download.ts';

/** The legacy door's answer when it sends no file (legacy-rest.md): `{status, message, data}`. */
type Envelope = { status?: string; message?: string };

async function get(url: string, token: string | null): Promise<{ res: Response; envelope: Envelope | null }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { 'x-origin': 'PC', ...(token ? { 'x-token': token } : {}) } });
  } catch {
    throw new Error(t('client.networkError'));
  }
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return { res, envelope: null };
  try {
    return { res, envelope: (await res.json()) as Envelope };
  } catch {
    return { res, envelope: {} };
  }
}

/**
 * A download that needs the session (the server's attachments, templates, backups, the course
 * PDF): fetched with the token header, then saved under the name the server gives
 * (Content-Disposition), else `fallbackName`. An expired token is refreshed once and the
 * download retried, as the GraphQL requests do; an unknown one ends the session. Rejects with
 * the server's or the transport's message.
 */
export async function fetchDownload(url: string, fallbackName: string): Promise<{ fileName: string; blob: Blob }> {
  let token = getToken();
  let { res, envelope } = await get(url, token);
  if (envelope?.status === 'tokenExpire' && token) {
    token = await renewExpiredToken(token);
    ({ res, envelope } = await get(url, token));
  }
  if (envelope?.status === 'needUserLogin') {
    if (token === getToken()) endSession();
    throw new Error(envelope.message || t('status.needLogin'));
  }
  if (!res.ok || envelope) {
    throw new Error(envelope?.message || t(res.status >= 500 ? 'transport.serverError' : 'transport.unknown'));
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const fileName = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? fallbackName);
  return { fileName, blob: await res.blob() };
}

/** Fetches a file (fetchDownload) and saves it under the name the server gives. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { fileName, blob } = await fetchDownload(url, fallbackName);
  saveBlob(fileName, blob);
}
