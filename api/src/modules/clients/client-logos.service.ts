import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ClientMessages, type ClientDetail } from '../../contracts/clients';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { selectRows, updateRows } from '../../core/database/sql-table';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldError } from '../../core/http/field-errors';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import type { StoredUpload } from '../files/streaming-upload.interceptor';
import { clientTable } from '../tenancy/client.table';
import { ClientsService, notFound } from './clients.service';

/** A logo is shown in the header: images the browser draws, read from the bytes (never SVG, which can carry script). */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** The public address of an uploaded logo: unguessable, so it names one logo and lists nothing. */
const LOGO_PATH = '/mbl/api/client-logos/';
const UPLOAD_PREFIX = 'uploads/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A client's logo: the agent uploads it, the header shows it (by an unguessable public address). */
@Injectable()
export class ClientLogosService {
  private readonly logger = new Logger(ClientLogosService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly clients: ClientsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * POST /agency/clients/{id}/logo: an image already streamed into storage (StreamingUploadInterceptor: size and
   * kind read from the bytes like every upload) becomes the client's logo; the old one's bytes go once the change
   * has committed.
   */
  async setLogo(id: number, file: StoredUpload | undefined): Promise<ClientDetail> {
    // Another agency's client is not found before anything is said about the file (the interceptor drops its bytes).
    await this.clients.own(id);
    if (!file) throw fieldError('file', ClientMessages.logoMissing);
    if (!LOGO_TYPES.has(file.contentType)) {
      await this.storage.remove(file.storageKey);
      throw fieldError('file', ClientMessages.logoType);
    }
    const old = await this.db.transaction(async (m) => {
      const before = await this.clients.own(id, true);
      const logoUrl = `${LOGO_PATH}${file.storageKey.slice(UPLOAD_PREFIX.length)}`;
      await updateRows(m, clientTable, { logoUrl, logoStorageKey: file.storageKey, logoContentType: file.contentType, logoSizeBytes: file.size }, 'id = {1}', [id]);
      await this.context.forClient(id, () =>
        this.audit.record(
          { employeeId: null, eventType: 'Client settings', actionType: 'update', description: `Client ${before.name} logo changed`, data: [{ title: 'Logo', oldValue: before.logoUrl, newValue: logoUrl, changed: true }] },
        ),
      );
      return before.logoStorageKey;
    });
    if (old) await this.storage.remove(old).catch((err: unknown) => this.logger.warn(`an old logo remains (${old}): ${err instanceof Error ? err.message : String(err)}`));
    return this.clients.detail(id);
  }

  /** GET /client-logos/{key}: a logo's bytes (public: the header shows it; the key is unguessable and names nothing else). */
  async logo(key: string): Promise<{ contentType: string; size: number; stream: Readable }> {
    if (!UUID.test(key)) throw notFound();
    const [client] = await selectRows(this.dataSource, clientTable, 'c', 'c.logo_storage_key = $1', [`${UPLOAD_PREFIX}${key}`]);
    if (!client?.logoStorageKey || !client.logoContentType) throw notFound();
    try {
      return { contentType: client.logoContentType, size: client.logoSizeBytes ?? 0, stream: await this.storage.reader(client.logoStorageKey) };
    } catch (err) {
      this.logger.error(`client ${client.id}'s logo has no stored bytes: ${err instanceof Error ? err.message : String(err)}`);
      throw notFound();
    }
  }
}
