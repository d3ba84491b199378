import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { PlanMessages } from '../../contracts/plans';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { FILE_STORAGE, type FileStorage } from './file-storage';

export interface FileDownload {
  title: string;
  contentType: string;
  data: Buffer;
}

const notFound = () => new NotFoundException({ statusCode: 404, message: PlanMessages.fileNotFound });

@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** A file of the acting client: carrier and client files for anyone of it, personal files only for their owner. */
  async download(id: number): Promise<FileDownload> {
    const rows = await this.db.query<{ title: string; content_type: string; storage_key: string }>(
      `SELECT title, content_type, storage_key FROM file
        WHERE id = $1 AND client_id = $client AND (file_type IN ('carrier', 'client') OR employee_id = $2)`,
      [id, this.context.user.employeeId],
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
}
