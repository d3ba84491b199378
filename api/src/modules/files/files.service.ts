import { Inject, Injectable, Logger, NotFoundException, StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { FileMessages, OTHER_CATEGORY, type DocumentFile, type EmployeeFile, type FileType } from '../../contracts/files';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { permissionsOf } from '../../core/auth/auth-user';
import { fieldErrors } from '../../core/http/field-errors';
import { PlanMessages } from '../../contracts/plans';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { titleOfUpload, type StoredUpload } from './streaming-upload.interceptor';

export interface FileDownload {
  title: string;
  contentType: string;
  sizeBytes: number;
  /** Streamed from storage, never whole in memory. */
  stream: Readable;
}

/** A stored file as an answer: shown inline (the site opens it in a new window), named from its title. */
export function fileResponse(file: FileDownload): StreamableFile {
  const name = `${file.title.replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'file'}${file.contentType === 'application/pdf' ? '.pdf' : ''}`;
  return new StreamableFile(file.stream, { type: file.contentType, disposition: `inline; filename="${name}"`, length: file.sizeBytes });
}

/** A file the portal made itself (a signature image, a signed or generated PDF), its bytes already in storage. */
export interface NewFile {
  employeeId: number | null;
  title: string;
  fileType: FileType;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
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
    const rows = await this.db.query<{ title: string; content_type: string; storage_key: string; size_bytes: number }>(
      `SELECT title, content_type, storage_key, size_bytes FROM file
        WHERE id = $1 AND client_id = $client AND (file_type IN ('carrier', 'client') OR employee_id = $2 OR $3)`,
      [id, this.context.user.employeeId, hr],
    );
    const row = rows[0];
    if (!row) throw notFound();
    try {
      return { title: row.title, contentType: row.content_type, sizeBytes: Number(row.size_bytes), stream: await this.storage.reader(row.storage_key) };
    } catch (err) {
      // The row exists but its bytes do not: an operations problem, reported as missing to the caller.
      this.logger.error(`file ${id} has no stored bytes: ${err instanceof Error ? err.message : String(err)}`);
      throw notFound();
    }
  }

  /** The census Files tab: an employee's personal files, newest first; another client's employee is not found. */
  async listForEmployee(employeeId: number): Promise<EmployeeFile[]> {
    await this.employeeOfClient(employeeId);
    const rows = await this.db.query<{ id: number; title: string; content_type: string; size_bytes: number; created_at: Date; time_zone: string }>(
      `SELECT f.id, f.title, f.content_type, f.size_bytes, f.created_at, cl.time_zone
         FROM file f JOIN client cl ON cl.id = f.client_id
        WHERE f.employee_id = $1 AND f.client_id = $client AND f.file_type = 'personal' ORDER BY f.created_at DESC, f.id DESC`,
      [employeeId],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, contentType: r.content_type, sizeBytes: Number(r.size_bytes), createdOn: r.created_at.toISOString(), timeZone: r.time_zone }));
  }

  /**
   * My Documents: the client's carrier forms and company files and the caller's own
   * personal documents, each with its category ('Other' without one), newest first within a tab.
   */
  async listMine(): Promise<DocumentFile[]> {
    const rows = await this.db.query<{ id: number; title: string; content_type: string; size_bytes: number; created_at: Date; file_type: FileType; category_id: number | null; category_name: string | null; time_zone: string }>(
      `SELECT f.id, f.title, f.content_type, f.size_bytes, f.created_at, f.file_type, f.category_id, c.name AS category_name, cl.time_zone
         FROM file f JOIN client cl ON cl.id = f.client_id LEFT JOIN file_category c ON c.id = f.category_id AND c.client_id = f.client_id
        WHERE f.client_id = $client AND (f.file_type IN ('carrier', 'client') OR f.employee_id = $1)
        ORDER BY f.file_type, f.created_at DESC, f.id DESC`,
      [this.context.user.employeeId],
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      contentType: r.content_type,
      sizeBytes: Number(r.size_bytes),
      createdOn: r.created_at.toISOString(),
      timeZone: r.time_zone,
      fileType: r.file_type,
      categoryId: r.category_id,
      categoryName: r.category_name ?? OTHER_CATEGORY,
    }));
  }

  /** POST /files: a personal document of the caller (My Documents, Add file). */
  uploadMine(title: unknown, file: StoredUpload | undefined): Promise<EmployeeFile> {
    // The dialog's name is editable and starts as the file's own; without one the file's name is kept.
    const given = typeof title === 'string' && title.trim() ? title : file ? titleOfUpload(file) : '';
    return this.record(this.context.ownEmployeeId(), given, file, 'Personal document added');
  }

  /**
   * POST /employees/{id}/files: one file with its title, already streamed into storage with its type read from
   * the bytes (never the name); a missing title or file is refused and the stored bytes removed.
   */
  async uploadForEmployee(employeeId: number, title: unknown, file: StoredUpload | undefined): Promise<EmployeeFile> {
    try {
      await this.employeeOfClient(employeeId);
    } catch (err) {
      if (file) await this.storage.remove(file.storageKey);
      throw err;
    }
    return this.record(employeeId, title, file, 'File added');
  }

  /** An upload refused after it was stored: its bytes go. */
  async discard(file: StoredUpload): Promise<void> {
    await this.storage.remove(file.storageKey);
  }

  /** A company file (My Documents' Company Files, attachable to onboarding steps) from HR's upload. */
  recordCompanyFile(title: unknown, file: StoredUpload | undefined): Promise<EmployeeFile> {
    const given = typeof title === 'string' && title.trim() ? title : file ? titleOfUpload(file) : '';
    return this.record(null, given, file, 'Company file added');
  }

  /**
   * Keeps an upload (already in storage) as a personal file of the employee, or (null) a company file, audited in
   * the same transaction; a missing title or file is refused and the stored bytes removed.
   */
  async record(employeeId: number | null, title: unknown, file: StoredUpload | undefined, what: string): Promise<EmployeeFile> {
    const name = typeof title === 'string' ? title.trim().slice(0, 200) : '';
    if (!name || !file) {
      if (file) await this.storage.remove(file.storageKey);
      throw fieldErrors([!name ? { path: 'title', message: FileMessages.titleRequired } : { path: 'file', message: FileMessages.uploadError }]);
    }
    return this.db.transaction(async () => {
      const [row] = await this.db.query<{ id: number; created_at: Date; time_zone: string }>(
        `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($client, $1, $2, $6, $3, $4, $5)
         RETURNING id, created_at, (SELECT time_zone FROM client WHERE id = $client) AS time_zone`,
        [employeeId, name, file.storageKey, file.contentType, file.size, employeeId === null ? 'client' : 'personal'],
      );
      await this.audit.record({ employeeId, eventType: 'File', actionType: 'create', description: `${what}: ${name}`, data: [{ title: 'Title', oldValue: null, newValue: name, changed: true }] });
      return { id: row!.id, title: name, contentType: file.contentType, sizeBytes: file.size, createdOn: row!.created_at.toISOString(), timeZone: row!.time_zone };
    });
  }

  /**
   * Keeps a file the portal made as a row of the acting client, in the caller's transaction; answers its id.
   * `rewrite`: a job run again after a crash wrote the same key, so the row it left is found and kept.
   */
  async add(file: NewFile, rewrite = false): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($client, $1, $2, $3, $4, $5, $6)
       ${rewrite ? 'ON CONFLICT (storage_key) DO UPDATE SET size_bytes = EXCLUDED.size_bytes' : ''} RETURNING id`,
      [file.employeeId, file.title, file.fileType, file.storageKey, file.contentType, file.sizeBytes],
    );
    return row!.id;
  }

  private async employeeOfClient(employeeId: number): Promise<void> {
    const rows = await this.db.query('SELECT 1 FROM employee WHERE id = $1 AND client_id = $client', [employeeId]);
    if (rows.length === 0) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
  }
}
