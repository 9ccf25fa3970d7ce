import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, rmdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, contentTypeOfKey } from './file-keys';
import type { ByteRange, FileStorage, StoredFileInfo } from './file-storage';

/** Files in a folder (`.data/uploads` for `npm start`); a throwaway temporary folder when none is given. */
export async function createLocalStorage(root: string | undefined): Promise<FileStorage> {
  const temporary = root === undefined;
  const base = root ?? (await mkdtemp(path.join(os.tmpdir(), 'clube-uploads-')));
  await mkdir(base, { recursive: true });

  const top = path.resolve(base);
  const pathOf = (key: string) => {
    assertFileKey(key);
    return path.join(top, ...key.split('/'));
  };

  return {
    driver: 'local',

    async write(key, source: Readable) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed once complete: a reader never sees half a file.
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
        const { size } = await stat(partial);
        await rename(partial, target);
        return { size };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async stat(key): Promise<StoredFileInfo | null> {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async read(key, range?: ByteRange) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      // A ladder's folders (`hls/<video>/360p`, `hls/<video>`) go with their last file; the top
      // folders (`videos`, `hls`…) stay, as a write elsewhere may be creating its file in them.
      for (let folder = path.dirname(file); path.dirname(folder) !== top && folder !== top; folder = path.dirname(folder)) {
        if (!(await rmdir(folder).then(() => true, () => false))) break;
      }
    },

    async close() {
      if (temporary) await rm(base, { recursive: true, force: true });
    },
  };
}
