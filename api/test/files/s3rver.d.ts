/** The part of s3rver 3.7's API the storage contract test uses (the package ships no types). */
declare module 's3rver' {
  import type { IncomingMessage } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  /** The Koa context s3rver's middleware sees (the part the signature check reads and answers with). */
  export interface S3rverContext {
    req: IncomingMessage;
    method: string;
    get(header: string): string;
    status: number;
    type: string;
    body: unknown;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver extends Koa), composed when `run()` starts listening. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
