import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../../server/config.ts';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a directory, in this process) on a
 * free loopback port, with the buckets named, for the tests of `FILE_STORE=s3`. Its default
 * credentials are S3RVER / S3RVER.
 */
export async function startS3Server(
  buckets: string[],
): Promise<{ endpoint: string; settings: (bucket: string, prefix?: string) => NonNullable<Config['s3']>; env: (bucket: string, prefix?: string) => Record<string, string>; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bo-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (bucket, prefix = '') => ({ bucket, endpoint, region: 'us-east-1', prefix, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }),
    env: (bucket, prefix = '') => ({ FILE_STORE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_PREFIX: prefix, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
    stop: async () => {
      // The SDK's clients keep idle keep-alive sockets open, which a plain close would wait for.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
