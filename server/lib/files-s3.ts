import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';

/** The S3 settings of `FILE_STORE=s3` (docs/operations.md#files). */
export type S3Settings = NonNullable<Config['s3']>;

/** Parts of a multipart upload: S3's minimum (5 MiB, except the last), one in flight at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The S3-compatible backend of the file store: each upload is one object under `prefix` in
 * `bucket` (AWS S3, MinIO, Ceph, R2... by endpoint). Writes stream through a multipart upload
 * (`@aws-sdk/lib-storage`, parts of 5 MiB, one in flight), so a 25 MB file is never whole in
 * memory; reads stream the object's body. The SDK is loaded on first use, so a server on the
 * other backends never loads it.
 */
export function s3Store(settings: S3Settings): FileStore {
  let client: Promise<{ s3: ClientS3.S3Client; sdk: typeof ClientS3; storage: typeof LibStorage }> | undefined;
  const connect = () =>
    (client ??= (async () => {
      const [sdk, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
      const s3 = new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      });
      return { s3, sdk, storage };
    })());
  const objectKey = (key: string) => {
    if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '')) throw new Error('file key outside the store');
    return `${settings.prefix}${key}`;
  };
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
  };
  return {
    kind: 's3',
    async put(key, source) {
      const { s3, storage } = await connect();
      const hash = createHash('sha256');
      let size = 0;
      async function* counted(): AsyncIterable<Buffer> {
        for await (const part of source) {
          const buf = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
          hash.update(buf);
          size += buf.length;
          yield buf;
        }
      }
      const upload = new storage.Upload({ client: s3, params: { Bucket: settings.bucket, Key: objectKey(key), Body: Readable.from(counted()) }, partSize: PART_BYTES, queueSize: 1 });
      await upload.done();
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const found = await s3.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!found.Body) return null;
        return { size: Number(found.ContentLength ?? 0), body: found.Body.transformToWebStream() as ReadableStream<Uint8Array> };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    async has(key) {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async *list() {
      const { s3, sdk } = await connect();
      let token: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix || undefined, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key.slice(settings.prefix.length), size: Number(o.Size ?? 0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
