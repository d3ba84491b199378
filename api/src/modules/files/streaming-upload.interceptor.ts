import { BadRequestException, type CallHandler, type ExecutionContext, HttpException, Inject, Injectable, InternalServerErrorException, Logger, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import multer, { type StorageEngine } from 'multer';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { Observable } from 'rxjs';
import { FILE_MAX_BYTES, FileMessages, sniffContentType } from '../../contracts/files';
import { FILE_STORAGE, type FileStorage } from './file-storage';

/** An uploaded file as the services see it: already in storage, its type read from its first bytes. */
export interface StoredUpload {
  storageKey: string;
  size: number;
  contentType: string;
  originalName: string;
}

/** A title from the name the file came with (its safe characters), for an upload given none. */
export function titleOfUpload(file: StoredUpload, max = 200): string {
  return file.originalName.replace(/[^\w .()-]/g, '').trim().slice(0, max);
}

/** Enough of the head to tell the kind of file (an Office zip names its parts near the start). */
const SNIFF_BYTES = 1 << 20;

const tooLarge = () => new PayloadTooLargeException({ statusCode: 413, message: FileMessages.tooLarge });
const badRequest = (message: string) => new BadRequestException({ statusCode: 400, message, errors: [{ path: 'file', message }] });

/** Reads up to `bytes` from the start of a stream; answers them and whether the stream ended. */
async function head(stream: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const finish = (ended: boolean) => {
      stream.off('data', onData).off('end', onEnd).off('error', reject);
      stream.pause();
      resolve({ head: Buffer.concat(chunks), ended });
    };
    stream.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/**
 * A multer storage engine that streams the part into the file storage as it arrives: the head is read to detect
 * the type (from the bytes, never the name), then head and rest flow through a counter that stops at
 * 10,000,000 bytes. Nothing is held whole in memory, on either driver.
 */
class StreamingEngine implements StorageEngine {
  constructor(private readonly storage: FileStorage) {}

  _handleFile(_req: IncomingMessage, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File> & { stored?: StoredUpload }) => void): void {
    void this.store(file).then(
      (stored) => callback(null, { stored, size: stored.size }),
      (err: unknown) => {
        file.stream.resume();
        callback(err);
      },
    );
  }

  _removeFile(_req: IncomingMessage, file: Express.Multer.File & { stored?: StoredUpload }, callback: (error: Error | null) => void): void {
    if (!file.stored) return callback(null);
    this.storage.remove(file.stored.storageKey).then(
      () => callback(null),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  private async store(file: Express.Multer.File): Promise<StoredUpload> {
    const start = await head(file.stream, SNIFF_BYTES);
    if (start.head.length === 0) throw badRequest(FileMessages.uploadError);
    if (start.head.length > FILE_MAX_BYTES) throw tooLarge();
    const contentType = sniffContentType(start.head);
    if (contentType === null) throw badRequest(FileMessages.typeNotAllowed);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > FILE_MAX_BYTES ? tooLarge() : null, chunk);
      },
    });
    const body = start.ended ? Readable.from([start.head]) : Readable.from(concatStreams(start.head, file.stream));
    const storageKey = `uploads/${randomUUID()}`;
    // pipe() does not pass errors on: a body cut short (a client gone, a malformed form) must end the write too.
    let bodyFailed = false;
    body.once('error', (err) => {
      bodyFailed = true;
      counter.destroy(err);
    });
    try {
      await this.storage.put(storageKey, body.pipe(counter));
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      if (err instanceof HttpException) throw err;
      if (size > FILE_MAX_BYTES) throw tooLarge();
      if (bodyFailed) throw badRequest(FileMessages.uploadError);
      // Our storage failed (not the person's bytes): a server error, said once in the log without the file.
      new Logger('Uploads').error(`storing an upload failed: ${err instanceof Error ? err.message : String(err)}`);
      throw new InternalServerErrorException();
    }
    if (size > FILE_MAX_BYTES) {
      await this.storage.remove(storageKey);
      throw tooLarge();
    }
    return { storageKey, size, contentType, originalName: file.originalname };
  }
}

async function* concatStreams(first: Buffer, rest: Readable): AsyncGenerator<Buffer> {
  yield first;
  for await (const chunk of rest) yield chunk as Buffer;
}

/**
 * One file in the multipart field `file` (plus text fields), streamed into storage before the handler runs;
 * `@UploadedFile()` then gives the StoredUpload. The spec's messages for a file too large or of a kind the
 * portal does not keep come from here, for every upload of the product.
 */
@Injectable()
export class StreamingUploadInterceptor implements NestInterceptor {
  private readonly upload: ReturnType<ReturnType<typeof multer>['single']>;

  constructor(@Inject(FILE_STORAGE) storage: FileStorage) {
    // Busboy's own limit is a backstop one byte above ours, so the counter (with the spec's message) decides.
    this.upload = multer({ storage: new StreamingEngine(storage), limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 10_000 } }).single('file');
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { file?: StoredUpload }>();
    // The multipart body is still unread (createApp's parser leaves it to this interceptor): multer reads the
    // bare Node request and puts the text fields and the file on it.
    const req = request.raw as IncomingMessage & { body?: unknown; file?: Express.Multer.File & { stored?: StoredUpload } };
    await new Promise<void>((resolve, reject) => {
      // multer is typed for Express's request and response; it uses only what Node's have.
      this.upload(req as never, http.getResponse<FastifyReply>().raw as never, (err: unknown) => {
        if (!err) return resolve();
        if (err instanceof HttpException) return reject(err);
        if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return reject(tooLarge());
        // Anything else is the request itself (a malformed multipart body, a second file, an unexpected field).
        reject(badRequest(FileMessages.uploadError));
      });
    });
    // The handler sees the text fields and the stored file only (the engine's `stored`), never a buffer.
    request.body = req.body;
    request.file = req.file?.stored;
    return next.handle();
  }
}
