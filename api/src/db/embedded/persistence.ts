import fs from 'node:fs';
import path from 'node:path';
import { deserialize, serialize, type Doc } from './documents';

/**
 * Keeps one JSON (Extended JSON, so ObjectId and Date survive) file per collection.
 * Every save writes a temporary file, fsyncs it and renames it over the old one: rename is
 * atomic on POSIX, so a crash or `kill -9` at any instant leaves either the old or the new
 * file, never a torn one.
 */
export class CollectionFiles {
  private readonly lockFile: string;

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.lockFile = path.join(dir, '.lock');
    this.acquireLock();
  }

  load(collection: string): Doc[] {
    const file = this.fileFor(collection);
    if (!fs.existsSync(file)) return [];
    try {
      return deserialize(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Não foi possível ler ${file}: ${(error as Error).message}`);
    }
  }

  save(collection: string, docs: Doc[]): void {
    const file = this.fileFor(collection);
    const temp = `${file}.${process.pid}.tmp`;
    const fd = fs.openSync(temp, 'w');
    try {
      fs.writeSync(fd, serialize(docs));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
    this.syncDirectory();
  }

  release(): void {
    try {
      if (fs.readFileSync(this.lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(this.lockFile);
    } catch {
      /* already gone */
    }
  }

  private fileFor(collection: string): string {
    if (!/^[A-Za-z0-9_-]+$/.test(collection)) throw new Error(`Nome de coleção inválido: ${collection}`);
    return path.join(this.dir, `${collection}.json`);
  }

  private syncDirectory(): void {
    // Makes the rename itself durable; not supported on every platform, where it is skipped.
    try {
      const fd = fs.openSync(this.dir, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      /* best effort */
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
