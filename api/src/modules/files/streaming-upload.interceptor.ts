import { BadRequestException, type CallHandler, type ExecutionContext, HttpException, Inject, Injectable, InternalServerErrorException, Logger, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { FILE_MAX_BYTES, FileMessages, sniffContentType, ZUploadFields } from '../../contracts/files';
import { TenantDb } from '../../core/database/tenant-db';
import { validationBody } from '../../core/http/all-exceptions.filter';
import { badInput, badMultipartFields } from '../../core/http/request-hygiene';
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
  // The part may have failed before it was handed over (a body cut short arrives whole): its error is said once.
  if (stream.errored) throw stream.errored;
  if (stream.destroyed) throw new Error('the part was closed before it was read');
  const chunks: Buffer[] = [];
  let length = 0;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (err: Error) => {
      off();
      reject(err);
    };
    const onClose = () => onError(new Error('the part was closed before its end'));
    const off = () => stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    const finish = (ended: boolean) => {
      off();
      stream.pause();
      resolve({ head: Buffer.concat(chunks), ended });
    };
    stream.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/** Streams one file part into the file storage as it arrives; removes what it wrote if anything fails. */
async function store(storage: FileStorage, file: Readable, originalName: string): Promise<StoredUpload> {
  // The head is read to detect the type (from the bytes, never the name), then head and rest flow through a
  // counter that stops at 10,000,000 bytes. Nothing is held whole in memory, on either driver.
  const start = await head(file, SNIFF_BYTES);
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
  const body = start.ended ? Readable.from([start.head]) : Readable.from(concatStreams(start.head, file));
  const storageKey = `uploads/${randomUUID()}`;
  // pipe() does not pass errors on: a body cut short (a client gone, a malformed form) must end the write too.
  let bodyFailed = false;
  body.once('error', (err) => {
    bodyFailed = true;
    counter.destroy(err);
  });
  try {
    await storage.put(storageKey, body.pipe(counter));
  } catch (err) {
    await storage.remove(storageKey).catch(() => undefined);
    if (err instanceof HttpException) throw err;
    if (size > FILE_MAX_BYTES) throw tooLarge();
    if (bodyFailed) throw badRequest(FileMessages.uploadError);
    // Our storage failed (not the person's bytes): a server error, said once in the log without the file.
    new Logger('Uploads').error(`storing an upload failed: ${err instanceof Error ? err.message : String(err)}`);
    throw new InternalServerErrorException();
  }
  if (size > FILE_MAX_BYTES) {
    await storage.remove(storageKey);
    throw tooLarge();
  }
  return { storageKey, size, contentType, originalName };
}

async function* concatStreams(first: Buffer, rest: Readable): AsyncGenerator<Buffer> {
  yield first;
  for await (const chunk of rest) yield chunk as Buffer;
}

/**
 * Busboy's own file limit is a backstop one byte above ours, so the counter (with the spec's message) decides;
 * one file; text fields are titles: ten at most, none over 10,000 bytes, names within 100 (past any limit, a 400).
 */
const UPLOAD_LIMITS = { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 10_000, fieldNameSize: 100 };

/** The one file field of every upload form. */
const FILE_FIELD = 'file';

/** As a browser's form posts them: a name sent twice is a list and a bracketed name an object (the schema's one title refuses both). */
function appendField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const bracket = name.indexOf('[');
  const key = bracket > 0 ? name.slice(0, bracket) : name;
  const entry = bracket > 0 ? { [name.slice(bracket)]: value } : value;
  const prior = fields[key];
  fields[key] = prior === undefined ? entry : Array.isArray(prior) ? [...(prior as unknown[]), entry] : [prior, entry];
}

/** A refusal while the form was read: the plugin's own errors (limits, a malformed body) are the request's 400, a file past the limit the spec's 413. */
function refusalOf(err: unknown): HttpException {
  if (err instanceof HttpException) return err;
  if ((err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return badRequest(FileMessages.uploadError);
}

/**
 * One file in the multipart field `file` (plus text fields), read with @fastify/multipart and streamed into
 * storage before the handler runs; `@UploadedFile()` then gives the StoredUpload. The spec's messages for a
 * file too large or of a kind the portal does not keep come from here, for every upload of the product.
 */
@Injectable()
export class StreamingUploadInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly db: TenantDb,
  ) {}

  /** The text fields and the stored file of a multipart body (none of either for any other body). */
  private async readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; stored?: StoredUpload }> {
    // Keys such as __proto__ stay plain data.
    const fields = Object.create(null) as Record<string, unknown>;
    if (!request.isMultipart()) return { fields };
    let stored: StoredUpload | undefined;
    let open: Readable | undefined;
    try {
      for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
        // Busboy limits a name's length only in urlencoded forms: a multipart one is measured here.
        if (part.fieldname.length > UPLOAD_LIMITS.fieldNameSize) throw badRequest(FileMessages.uploadError);
        if (part.type === 'field') {
          if (part.fieldnameTruncated || part.valueTruncated) throw badRequest(FileMessages.uploadError);
          appendField(fields, part.fieldname, part.value);
          continue;
        }
        open = part.file;
        if (part.fieldname !== FILE_FIELD || stored) throw badRequest(FileMessages.uploadError);
        stored = await store(this.storage, part.file, part.filename);
        open = undefined;
      }
      return { fields, stored };
    } catch (err) {
      // The rest of the body is read and dropped, so the answer reaches a client still sending.
      open?.resume();
      request.raw.unpipe();
      request.raw.resume();
      if (stored) await this.storage.remove(stored.storageKey).catch(() => undefined);
      throw refusalOf(err);
    }
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    // The multipart body is still unread (createApp's parser only marks it): it is read here, part by part.
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { fields: body, stored } = await this.readForm(request);
    try {
      // The text fields are read only now, after the app's NUL check of bodies: checked here as a JSON body is
      // (control characters, then the schema), before anything of them reaches a handler or PostgreSQL.
      const bad = badMultipartFields(body);
      if (bad) throw badInput(bad);
      const fields = ZUploadFields.safeParse(body);
      if (!fields.success) throw new BadRequestException(validationBody(fields.error));
      // The handler sees the checked text fields and the stored file only, never a buffer.
      request.body = fields.data;
    } catch (err) {
      if (stored) await this.storage.remove(stored.storageKey);
      throw err;
    }
    // @UploadedFile() reads `file`, which shadows the plugin's own request.file() for this request.
    (request as unknown as { file: StoredUpload | undefined }).file = stored;
    if (!stored) return next.handle();
    // Anything that refuses the request after the bytes are stored (the route's id pipe runs after interceptors,
    // the service, the database) must not leave them behind.
    return next.handle().pipe(catchError((err: unknown) => from(this.discardUnlessKept(stored)).pipe(mergeMap(() => throwError(() => err)))));
  }

  /**
   * Removes an upload that no file row names. A handler that failed after its transaction committed keeps
   * the bytes its row points to; a check that cannot be made keeps them too (a stray object is better than a
   * row without its bytes).
   */
  private async discardUnlessKept(stored: StoredUpload): Promise<void> {
    try {
      const kept = await this.db.query('SELECT 1 FROM file WHERE storage_key = $1 AND client_id = $client', [stored.storageKey]);
      if (kept.length === 0) await this.storage.remove(stored.storageKey);
    } catch (err) {
      this.logger.warn(`an upload refused after it was stored may remain (${stored.storageKey}): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
