import { t } from '../../i18n/index.ts';
import { getToken } from '../../lib/storage.ts';

/**
 * A download that needs the session (the server's attachments, templates, backups): fetched with
 * the token header, then saved under the name the server gives (Content-Disposition), else
 * `fallbackName`. Rejects with the server's or the transport's message.
 */
export async function fetchDownload(url: string, fallbackName: string): Promise<{ fileName: string; blob: Blob }> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: { 'x-origin': 'PC', ...(token ? { 'x-token': token } : {}) } });
  } catch {
    throw new Error(t('client.networkError'));
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let message = '';
    try {
      message = ((await res.json()) as { message?: string }).message ?? '';
    } catch {
      /* not JSON */
    }
    throw new Error(message || t(res.status >= 500 ? 'transport.serverError' : 'transport.unknown'));
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const fileName = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? fallbackName);
  return { fileName, blob: await res.blob() };
}
