import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where file bytes live. Local disk by default; an S3-compatible implementation can replace it by
 * configuration, since callers only ever see keys.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** A file written as it is produced (a generated report), visible under its key only once `done` resolves. */
  writer(key: string): Promise<{ stream: Writable; done: () => Promise<void> }>;
  /** A file read as a stream (a download), never whole in memory. */
  reader(key: string): Readable;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are relative paths of safe segments, so a key can never leave the root. */
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key "${key}"`);
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`invalid storage key "${key}"`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    // Write then rename: a reader never sees half a file, and concurrent writers of one key both succeed.
    const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, full);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async writer(key: string): Promise<{ stream: Writable; done: () => Promise<void> }> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
    const stream = createWriteStream(tmp);
    return {
      stream,
      done: async () => {
        await finished(stream);
        await rename(tmp, full);
      },
    };
  }

  reader(key: string): Readable {
    return createReadStream(this.path(key));
  }
}
