import { Inject, Injectable, Logger, NotFoundException, PayloadTooLargeException, StreamableFile } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { FILE_MAX_BYTES, FileMessages, sniffContentType, type EmployeeFile } from '../../contracts/files';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { permissionsOf } from '../../core/auth/auth-user';
import { fieldErrors } from '../../core/http/field-errors';
import { PlanMessages } from '../../contracts/plans';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { FILE_STORAGE, type FileStorage } from './file-storage';

export interface FileDownload {
  title: string;
  contentType: string;
  data: Buffer;
}

/** A stored file as an answer: shown inline (the site opens it in a new window), named from its title. */
export function fileResponse(file: FileDownload): StreamableFile {
  const name = `${file.title.replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'file'}${file.contentType === 'application/pdf' ? '.pdf' : ''}`;
  return new StreamableFile(file.data, { type: file.contentType, disposition: `inline; filename="${name}"`, length: file.data.length });
}

const notFound = () => new NotFoundException({ statusCode: 404, message: PlanMessages.fileNotFound });

@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  /**
   * A file of the acting client: carrier and client files for anyone of it, personal files for their owner
   * and for HR (the census Files tab).
   */
  async download(id: number): Promise<FileDownload> {
    const hr = permissionsOf(this.context.user).includes('employees:read');
    const rows = await this.db.query<{ title: string; content_type: string; storage_key: string }>(
      `SELECT title, content_type, storage_key FROM file
        WHERE id = $1 AND client_id = $client AND (file_type IN ('carrier', 'client') OR employee_id = $2 OR $3)`,
      [id, this.context.user.employeeId, hr],
    );
    const row = rows[0];
    if (!row) throw notFound();
    try {
      return { title: row.title, contentType: row.content_type, data: await this.storage.read(row.storage_key) };
    } catch (err) {
      // The row exists but its bytes do not: an operations problem, reported as missing to the caller.
      this.logger.error(`file ${id} has no stored bytes: ${err instanceof Error ? err.message : String(err)}`);
      throw notFound();
    }
  }

  /** The census Files tab: an employee's personal files, newest first; another client's employee is not found. */
  async listForEmployee(employeeId: number): Promise<EmployeeFile[]> {
    await this.employeeOfClient(employeeId);
    const rows = await this.db.query<{ id: number; title: string; content_type: string; size_bytes: number; created_at: Date }>(
      `SELECT id, title, content_type, size_bytes, created_at FROM file WHERE employee_id = $1 AND client_id = $client AND file_type = 'personal' ORDER BY created_at DESC, id DESC`,
      [employeeId],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, contentType: r.content_type, sizeBytes: Number(r.size_bytes), createdOn: r.created_at.toISOString() }));
  }

  /**
   * POST /employees/{id}/files: one file with its title, its type read from the bytes (never the name);
   * a kind the portal does not keep, or more than 10,000,000 bytes, is refused with the spec's message.
   */
  async uploadForEmployee(employeeId: number, title: unknown, file: { buffer: Buffer; size: number } | undefined): Promise<EmployeeFile> {
    await this.employeeOfClient(employeeId);
    const name = typeof title === 'string' ? title.trim().slice(0, 200) : '';
    if (!name) throw fieldErrors([{ path: 'title', message: FileMessages.titleRequired }]);
    if (!file || file.size === 0) throw fieldErrors([{ path: 'file', message: FileMessages.uploadError }]);
    if (file.size > FILE_MAX_BYTES) throw new PayloadTooLargeException({ statusCode: 413, message: FileMessages.tooLarge });
    const contentType = sniffContentType(file.buffer);
    if (contentType === null) throw fieldErrors([{ path: 'file', message: FileMessages.typeNotAllowed }]);
    const key = `employees/${employeeId}/files/${randomUUID()}`;
    await this.storage.put(key, file.buffer);
    return this.db.transaction(async (m) => {
      const [row] = await this.db.query<{ id: number; created_at: Date }>(
        `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($client, $1, $2, 'personal', $3, $4, $5) RETURNING id, created_at`,
        [employeeId, name, key, contentType, file.size],
        m,
      );
      await this.audit.record({ employeeId, eventType: 'File', actionType: 'create', description: `File added: ${name}`, data: [{ title: 'Title', oldValue: null, newValue: name, changed: true }] }, m);
      return { id: row!.id, title: name, contentType, sizeBytes: file.size, createdOn: row!.created_at.toISOString() };
    });
  }

  private async employeeOfClient(employeeId: number): Promise<void> {
    const rows = await this.db.query('SELECT 1 FROM employee WHERE id = $1 AND client_id = $client', [employeeId]);
    if (rows.length === 0) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
  }
}
