// A little over 400 lines on purpose: the on-disk format of one database (snapshot, journals,
// compaction, crash recovery) is one protocol, and its steps only make sense read together
// (the order of writes, syncs and renames is what keeps a crash safe, see the comment below).
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, type Doc } from './documents';
import { BSON } from 'mongodb';
import { decodeChunk, decodeRecords, encodeChunk, encodeRecord, recordBodies } from './records';

/**
 * Files of one embedded database: per collection, a snapshot (`<name>.snapshot`) plus an
 * append-only journal (`<name>.<generation>.journal`).
 *
 * - A write appends one record (the batch's new documents and deleted ids) to the journal and
 *   is acknowledged only after the journal is fdatasync'd. Writes that arrive while a sync is in
 *   flight are grouped into the next one (group commit: the delay is bounded by one sync), so
 *   neither a `kill -9` nor a power cut loses an acknowledged write.
 * - A crash mid-append leaves a torn last record; its checksum or length fails, it is never
 *   loaded, and the file is cut back to the last whole record before the next append.
 * - Compaction writes a new snapshot in the background (chunks, yielding to the event loop
 *   between them), then removes the journals it covers. Start-up loads the snapshot and replays
 *   the later journals; a replayed record only puts whole documents by _id or deletes ids, so
 *   replaying one that the snapshot already holds changes nothing.
 */
const SNAPSHOT_FORMAT = 'clube-embedded-snapshot';
/** Records bigger than this are split; a batch is only applied when its last part is there. */
const MAX_RECORD_DOCS = 1000;
const SNAPSHOT_CHUNK_DOCS = 1000;
/** Compacts when the journal outgrows both this and the last snapshot. */
const MIN_COMPACTION_BYTES = 8 * 1024 * 1024;

export interface CollectionChange {
  /** Whole documents to store (by _id), in order. */
  put: Doc[];
  /** _id values to remove. */
  remove: unknown[];
}

export interface LoadedCollection {
  docs: Doc[];
  /** Applies after the snapshot, in order: put/remove records from the journals. */
  changes: CollectionChange[];
}

export class DatabaseFiles {
  private readonly lockFile: string;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.lockFile = path.join(dir, '.lock');
    this.acquireLock();
  }

  /** Collections that have data on disk (loaded at start, so no request pays for a first read). */
  collectionNames(): string[] {
    const names = new Set<string>();
    for (const file of fs.readdirSync(this.dir)) {
      const match = /^([A-Za-z0-9_-]+)\.(?:snapshot|json|\d+\.journal)$/.exec(file);
      if (match?.[1]) names.add(match[1]);
    }
    return [...names];
  }

  open(collection: string): CollectionFiles {
    if (!/^[A-Za-z0-9_-]+$/.test(collection)) throw new Error(`Nome de coleção inválido: ${collection}`);
    return new CollectionFiles(this.dir, collection);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(this.lockFile);
    } catch {
      /* already gone */
    }
  }

  /** Two processes writing the same files would overwrite each other's changes. */
  private acquireLock(): void {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        fs.writeFileSync(this.lockFile, String(process.pid), { flag: 'wx' });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(fs.readFileSync(this.lockFile, 'utf8').trim());
        if (owner && owner !== process.pid && isAlive(owner)) {
          throw new Error(
            `Os dados em ${this.dir} já estão em uso pelo processo ${owner}. Pare esse processo ou use outro DATA_DIR.`,
          );
        }
        fs.rmSync(this.lockFile, { force: true });
      }
    }
  }
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

export class CollectionFiles {
  private generation = 1;
  private journalBytes = 0;
  private snapshotBytes = 0;
  private fd: number | undefined;
  private pending: Buffer[] = [];
  private waiters: Waiter[] = [];
  private flushScheduled = false;
  private flushing: Promise<void> | undefined;
  private compacting: Promise<void> | undefined;
  private closed = false;
  /** The live documents, for compaction; set by the collection once it has loaded. */
  private source: (() => Doc[]) | undefined;

  constructor(
    private readonly dir: string,
    readonly name: string,
  ) {}

  /** Reads the snapshot and every later journal; cuts a torn journal tail off. Synchronous: runs at start. */
  load(): LoadedCollection {
    for (const file of fs.readdirSync(this.dir)) {
      if (file.startsWith(`${this.name}.`) && file.endsWith('.tmp')) fs.rmSync(path.join(this.dir, file), { force: true });
    }
    let docs: Doc[] = [];
    let fromGeneration = 1;
    const snapshotFile = this.snapshotFile();
    const legacyFile = path.join(this.dir, `${this.name}.json`);
    if (fs.existsSync(snapshotFile)) {
      const buffer = fs.readFileSync(snapshotFile);
      this.snapshotBytes = buffer.length;
      ({ docs, generation: fromGeneration } = readSnapshot(buffer, snapshotFile));
    } else if (fs.existsSync(legacyFile)) {
      // The earlier format (one JSON file per collection, rewritten on every write).
      try {
        docs = deserialize(fs.readFileSync(legacyFile, 'utf8'));
      } catch (error) {
        throw new Error(`Não foi possível ler ${legacyFile}: ${(error as Error).message}`);
      }
    }

    const changes: CollectionChange[] = [];
    const journals = this.journalGenerations();
    let partial: CollectionChange | undefined;
    for (const generation of journals) {
      const file = this.journalFile(generation);
      if (generation < fromGeneration) {
        fs.rmSync(file, { force: true });
        continue;
      }
      const buffer = fs.readFileSync(file);
      const { records, validBytes } = decodeRecords(buffer);
      if (validBytes < buffer.length) fs.truncateSync(file, validBytes);
      for (const record of records) {
        partial ??= { put: [], remove: [] };
        partial.put.push(...((record.p as Doc[] | undefined) ?? []));
        partial.remove.push(...((record.d as unknown[] | undefined) ?? []));
        if (record.more !== true) {
          changes.push(partial);
          partial = undefined;
        }
      }
      this.journalBytes += validBytes;
      this.generation = generation;
    }
    // A batch whose last part never reached the disk was never acknowledged: it is dropped.
    this.generation = Math.max(this.generation, fromGeneration);
    if (!fs.existsSync(snapshotFile) && fs.existsSync(legacyFile)) this.journalBytes = Number.MAX_SAFE_INTEGER;
    return { docs, changes };
  }

  /** Enables compaction; runs one now when the journal already outgrew the snapshot. */
  attach(source: () => Doc[]): void {
    this.source = source;
    this.maybeCompact();
  }

  /** Appends one atomic batch; resolves once it is on disk (fdatasync). */
  append(change: CollectionChange): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`A coleção ${this.name} já foi fechada.`));
    const total = change.put.length + change.remove.length;
    if (total <= MAX_RECORD_DOCS) {
      this.pending.push(encodeRecord({ p: change.put, d: change.remove }));
    } else {
      const parts: Doc[] = [];
      for (let i = 0; i < change.put.length; i += MAX_RECORD_DOCS) parts.push({ p: change.put.slice(i, i + MAX_RECORD_DOCS), d: [] });
      for (let i = 0; i < change.remove.length; i += MAX_RECORD_DOCS) parts.push({ p: [], d: change.remove.slice(i, i + MAX_RECORD_DOCS) });
      parts.forEach((part, index) => this.pending.push(encodeRecord({ ...part, more: index < parts.length - 1 })));
    }
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.scheduleFlush();
    });
  }

  /** Waits for every pending write and any running compaction, then closes the journal. */
  async close(): Promise<void> {
    while (this.flushing || this.flushScheduled || this.pending.length) {
      await (this.flushing ?? nextTurn());
    }
    this.closed = true;
    await this.compacting;
    if (this.fd !== undefined) await closeFd(this.fd);
    this.fd = undefined;
  }

  /** Test and bench hook: compacts now and resolves when the snapshot is written. */
  async compact(): Promise<void> {
    this.startCompaction();
    await this.compacting;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        if (this.pending.length) this.scheduleFlush();
        else this.maybeCompact();
      });
    });
  }

  private async flush(): Promise<void> {
    const buffers = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    try {
      const fd = this.journalFd();
      const data = buffers.length === 1 ? buffers[0]! : Buffer.concat(buffers);
      await writeAll(fd, data);
      await fdatasync(fd);
      this.journalBytes += data.length;
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
  }

  /** Opened synchronously (one syscall) so a compaction can never switch generations halfway through. */
  private journalFd(): number {
    if (this.fd !== undefined) return this.fd;
    const file = this.journalFile(this.generation);
    const created = !fs.existsSync(file);
    this.fd = fs.openSync(file, 'a');
    if (created) syncDirectorySync(this.dir);
    return this.fd;
  }

  private maybeCompact(): void {
    if (this.closed || this.compacting || !this.source) return;
    if (this.journalBytes < Math.max(MIN_COMPACTION_BYTES, this.snapshotBytes)) return;
    this.startCompaction();
  }

  /**
   * Switches new appends to the next journal and captures the live documents in the same
   * synchronous step (stored documents are never mutated, so the array of references is a
   * consistent copy), then writes the snapshot in chunks and drops the journals it covers.
   */
  private startCompaction(): void {
    if (this.compacting || this.closed || !this.source) return;
    const docs = this.source();
    const covered = this.generation;
    this.generation += 1;
    const previous = this.fd;
    this.fd = undefined;
    const bytesBefore = this.journalBytes;
    this.journalBytes = 0;
    this.compacting = (async () => {
      try {
        // An append in flight still writes to the old journal: wait for it before closing.
        await this.flushing;
        if (previous !== undefined) await closeFd(previous);
        this.snapshotBytes = await this.writeSnapshot(docs, covered + 1);
        for (const generation of this.journalGenerations()) {
          if (generation <= covered) await fs.promises.rm(this.journalFile(generation), { force: true });
        }
        await fs.promises.rm(path.join(this.dir, `${this.name}.json`), { force: true });
      } catch (error) {
        this.journalBytes += bytesBefore;
        if (!this.closed) console.error(`Compactação de ${this.name} falhou:`, (error as Error).message);
      } finally {
        this.compacting = undefined;
      }
    })();
  }

  private async writeSnapshot(docs: Doc[], generation: number): Promise<number> {
    const file = this.snapshotFile();
    const temp = `${file}.${process.pid}.tmp`;
    const handle = await fs.promises.open(temp, 'w');
    let bytes = 0;
    try {
      const header = encodeRecord({ format: SNAPSHOT_FORMAT, version: 2, generation });
      await handle.writeFile(header);
      bytes += header.length;
      for (let start = 0; start < docs.length; start += SNAPSHOT_CHUNK_DOCS) {
        const chunk = encodeChunk(docs.slice(start, start + SNAPSHOT_CHUNK_DOCS));
        await handle.writeFile(chunk);
        bytes += chunk.length;
        await nextTurn();
      }
      const footer = encodeRecord({ end: true, count: docs.length });
      await handle.writeFile(footer);
      bytes += footer.length;
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, file);
    await syncDirectory(this.dir);
    return bytes;
  }

  private journalGenerations(): number[] {
    const pattern = new RegExp(`^${this.name}\\.(\\d+)\\.journal$`);
    return fs
      .readdirSync(this.dir)
      .map((file) => pattern.exec(file)?.[1])
      .filter((match): match is string => match !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }

  private snapshotFile(): string {
    return path.join(this.dir, `${this.name}.snapshot`);
  }

  private journalFile(generation: number): string {
    return path.join(this.dir, `${this.name}.${String(generation).padStart(6, '0')}.journal`);
  }
}

/**
 * A snapshot is a header record, the documents, and a footer with their count; a snapshot
 * without its footer (or with another count) is incomplete and refused. Version 2 (written now)
 * holds chunks of documents in V8's format (see encodeChunk); version 1, one BSON record per
 * document, is still read.
 */
function readSnapshot(buffer: Buffer, file: string): { docs: Doc[]; generation: number } {
  const { bodies } = recordBodies(buffer);
  const bson = (body: Buffer | undefined) => {
    try {
      return body ? (BSON.deserialize(body, { promoteBuffers: false }) as Doc) : undefined;
    } catch {
      return undefined;
    }
  };
  const header = bson(bodies[0]);
  const footer = bodies.length > 1 ? bson(bodies[bodies.length - 1]) : undefined;
  const incomplete = () => new Error(`Não foi possível ler ${file}: instantâneo incompleto ou de outro formato.`);
  if (header?.format !== SNAPSHOT_FORMAT || footer?.end !== true) throw incomplete();
  let docs: Doc[];
  if (header.version === 1) {
    docs = decodeRecords(buffer).records.slice(1, -1);
  } else if (header.version === 2) {
    docs = [];
    for (let i = 1; i < bodies.length - 1; i += 1) {
      for (const doc of decodeChunk(bodies[i]!)) docs.push(doc);
    }
  } else {
    throw incomplete();
  }
  if (footer.count !== docs.length) throw incomplete();
  return { docs, generation: Number(header.generation) };
}

function writeAll(fd: number, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (offset: number) =>
      fs.write(fd, data, offset, data.length - offset, null, (error, written) => {
        if (error) return reject(error);
        if (offset + written < data.length) return step(offset + written);
        resolve();
      });
    step(0);
  });
}

function fdatasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}

function closeFd(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.close(fd, (error) => (error ? reject(error) : resolve())));
}

function syncDirectorySync(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

/** Makes a rename or a new file itself durable; skipped where directories cannot be opened. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await fs.promises.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
