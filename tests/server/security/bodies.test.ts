/**
 * Request bodies are bounded as they arrive (issue 33, finding 1): on both doors, a body is
 * counted byte by byte whether or not it declares its length, refused with 413 at the limit,
 * and a caller without a login is refused before a byte of it is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MULTIPART_BYTES } from '../../../server/rest/body.ts';
import { createTestApp, DEMO, loginRest, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginRest(t, DEMO.admin);
});

afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;
const BOUNDARY = 'harden33';

/**
 * A chunked multipart body (no Content-Length) of one file part of `megabytes` MB, and how many
 * bytes the server has pulled from it so far.
 */
function chunkedUpload(megabytes: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const head = new TextEncoder().encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`);
  const filler = new Uint8Array(MB).fill(0x78);
  const tail = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = sent === 0 ? head : sent <= megabytes ? filler : sent === megabytes + 1 ? tail : null;
      sent++;
      if (!chunk) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => pulled };
}

function post(path: string, body: ReadableStream<Uint8Array>, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-forwarded-for': '127.0.0.1' };
  if (token) headers['x-token'] = token;
  return Promise.resolve(t.app.fetch(new Request(`http://test.local${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit)));
}

const UPLOAD = '/api/upload/project/uploadProjectFile.htm';

describe('legacy door', () => {
  it('refuses an anonymous chunked upload before reading its body', async () => {
    const upload = chunkedUpload(64);
    const res = await post(UPLOAD, upload.body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'needUserLogin' });
    // At most what the stream had queued before the answer: far from the 64 MB sent.
    expect(upload.pulled()).toBeLessThan(4 * MB);
  });

  it('cuts a chunked upload at the multipart limit with 413, having held no more than the limit', async () => {
    const upload = chunkedUpload(40);
    const res = await post(UPLOAD, upload.body, admin);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 'error', message: '请求内容过大' });
    expect(upload.pulled()).toBeLessThan(MAX_MULTIPART_BYTES + 3 * MB);
  });

  it('still reads a chunked upload within the limit', async () => {
    const upload = chunkedUpload(1);
    const res = await post(UPLOAD, upload.body, admin);
    // Read whole and handed to the path, which asks for the project the file belongs to.
    const body = (await res.json()) as { status: string; message: string };
    expect(res.status, body.message).not.toBe(413);
    expect(body).toMatchObject({ status: 'error' });
    expect(body.message).toContain('projectId');
    expect(upload.pulled()).toBeGreaterThan(MB);
  });
});

describe('GraphQL door', () => {
  it('refuses an anonymous upload with 401 before reading its body', async () => {
    const upload = chunkedUpload(64);
    const res = await post('/graphql', upload.body);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(upload.pulled()).toBeLessThan(4 * MB);
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a chunked upload over the limit', async () => {
    const upload = chunkedUpload(40);
    const res = await post('/graphql', upload.body, admin);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(upload.pulled()).toBeLessThan(MAX_MULTIPART_BYTES + 3 * MB);
  });
});
