import type { Readable } from 'node:stream';

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileInfo {
  size: number;
  contentType: string;
}

/**
 * The one port to file bytes. Adapters: a local folder (default) and an S3-compatible bucket
 * (production), chosen by STORAGE_DRIVER. Keys are checked with `isFileKey` before they get here.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Streams `source` into `key`; the file is visible only once complete, and nothing is left if `source` fails. */
  write(key: string, source: Readable, contentType: string): Promise<{ size: number }>;
  stat(key: string): Promise<StoredFileInfo | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * A bucket serves bytes (and ranges) better than the API can proxy them: a short-lived URL of
   * the bucket itself the client is redirected to. Undefined: the API streams the bytes.
   */
  directUrl?(key: string, expiresInSeconds: number): Promise<string>;
  close(): Promise<void>;
}
