import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { AppConfig, S3Settings } from '../../core/config/app-config';

/**
 * Where file bytes live (uploads, signed PDFs, generated reports). Callers only ever see keys, so the driver
 * is a matter of configuration: local disk for one machine, S3-compatible object storage when several API and
 * worker replicas must share the files. Both stream in and out; `read` is for the few callers that need the
 * whole document anyway (pdf-lib stamping a form).
 */
export interface FileStorage {
  /** Stores the bytes under `key`; readers see the old file or the whole new one, never half of it. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** A file written as it is produced (a generated report), visible under its key only once `done` resolves. */
  writer(key: string): Promise<{ stream: Writable; done: () => Promise<void> }>;
  /** A file read as a stream (a download), never whole in memory. */
  reader(key: string): Promise<Readable>;
  /** Deletes the file (an upload refused after it was stored); a missing key is not an error. */
  remove(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are relative paths of safe segments, so a key can never leave the root (or name another bucket's prefix). */
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

function checkKey(key: string): string {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key "${key}"`);
  return key;
}

const asStream = (data: Buffer | Readable): Readable => (Buffer.isBuffer(data) ? Readable.from([data]) : data);

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    const full = resolve(this.root, checkKey(key));
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`invalid storage key "${key}"`);
    return full;
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const out = await this.writer(key);
    try {
      await pipeline(asStream(data), out.stream);
    } catch (err) {
      await out.abort();
      throw err;
    }
    await out.done();
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async writer(key: string): Promise<{ stream: Writable; done: () => Promise<void>; abort: () => Promise<void> }> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    // Write then rename: a reader never sees half a file, and concurrent writers of one key both succeed.
    const tmp = `${full}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
    const stream = createWriteStream(tmp);
    return {
      stream,
      done: async () => {
        if (!stream.writableFinished) await finished(stream);
        await rename(tmp, full);
      },
      abort: async () => {
        stream.destroy();
        await unlink(tmp).catch(() => undefined);
      },
    };
  }

  async reader(key: string): Promise<Readable> {
    const stream = createReadStream(this.path(key));
    // Opened before answering, so a missing file is an error here rather than a broken download later.
    await new Promise<void>((ok, fail) => stream.once('open', () => ok()).once('error', fail));
    return stream;
  }

  async remove(key: string): Promise<void> {
    await unlink(this.path(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/**
 * S3-compatible object storage (AWS, MinIO, s3rver). Uploads are multipart and streamed (lib-storage), so a
 * large report never sits whole in memory; an object appears only when its upload completes.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    });
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    await new Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key: checkKey(key), Body: data } }).done();
  }

  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.reader(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async writer(key: string): Promise<{ stream: Writable; done: () => Promise<void> }> {
    const stream = new PassThrough();
    const upload = new Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key: checkKey(key), Body: stream } });
    const uploaded = upload.done();
    // Observed here so a failed upload is not an unhandled rejection before `done` is awaited.
    uploaded.catch(() => undefined);
    return {
      stream,
      done: async () => {
        if (!stream.writableFinished) await finished(stream);
        await uploaded;
      },
    };
  }

  async reader(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
    if (!(answer.Body instanceof Readable)) throw new Error(`object "${key}" has no body`);
    return answer.Body;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** The driver the configuration names (STORAGE_DRIVER). */
export function storageFor(config: AppConfig): FileStorage {
  return config.storageDriver === 's3' ? new S3Storage(config.s3) : new LocalDiskStorage(config.fileStorageDir);
}
