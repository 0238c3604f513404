/** The part of s3rver (an S3-compatible server in Node, used by the file-store tests) these tests call. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: Array<{ name: string }> });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
