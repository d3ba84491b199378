import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import { OPTION_LISTS } from '../../contracts/option-lists';
import {
  CustomDocumentMessages,
  customDocumentIssues,
  ZCustomDocumentRequest,
  type CustomDocument,
  type CustomFieldType,
} from '../../contracts/onboarding';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { maskSsn, SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService, type FileDownload } from '../files/files.service';
import { ActionsService } from '../actions/actions.service';
import { titleOfUpload, type StoredUpload } from '../files/streaming-upload.interceptor';

interface DocumentRow {
  id: number;
  title: string;
  comment_html: string;
  include_in_registration: boolean;
  custom_fields: Array<{ id: number; fieldLabel: string; fieldType: CustomFieldType; options?: string[] }>;
  file_ids: number[];
  require_file_view: boolean;
  require_file_upload: boolean;
  require_acknowledgment: boolean;
  require_signature: boolean;
  require_approval: boolean;
  field_values: Record<string, string> | null;
  full_name: string | null;
  acknowledged: boolean | null;
  uploaded_file_id: number | null;
  upload_title: string | null;
  submitted_at: Date | null;
  approval: 'pending' | 'approved' | null;
}

const STATES = new Set(OPTION_LISTS.state.map((s) => s.text));

const documentNotFound = () => new NotFoundException({ statusCode: 404, message: CustomDocumentMessages.documentNotFound });

/**
 * Custom document steps: the client's documents with the employee's
 * answers, the attached files they opened, an upload, and the acknowledgment with a typed name. A document
 * that needs approval leaves a pending action for HR. SSN answers are sealed like every SSN.
 */
@Injectable()
export class OnboardingDocumentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly files: FilesService,
    private readonly actions: ActionsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async list(employeeId: number = this.context.ownEmployeeId()): Promise<CustomDocument[]> {
    const rows = await this.rows(employeeId);
    const opened = await this.opened(employeeId);
    const titles = await this.fileTitles(rows.flatMap((r) => r.file_ids));
    return rows.map((r) => this.toDocument(r, opened, titles));
  }

  /** PUT /onboarding/custom: one document's answer, checked against every rule of the document. */
  async save(body: unknown): Promise<CustomDocument> {
    const parsed = ZCustomDocumentRequest.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const req = parsed.data;
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const doc = (await this.rows(employeeId, req.id, true))[0];
      if (!doc) throw documentNotFound();
      const stored = doc.field_values ?? {};
      const values = new Map<number, string>();
      for (const f of doc.custom_fields) {
        const sent = req.customFields.find((c) => c.id === f.id)?.value ?? '';
        // An SSN sent back masked stands for the stored one.
        values.set(f.id, f.fieldType === 'ssn' && /^X{3}-X{2}-\d{4}$/i.test(sent) ? (this.cipher.decrypt(stored[String(f.id)] ?? null) ?? '') : sent);
      }
      const fileId = req.fileId ?? doc.uploaded_file_id;
      const issues = customDocumentIssues(
        {
          customFields: doc.custom_fields,
          fileIds: doc.file_ids,
          requireFileView: doc.require_file_view,
          requireFileUpload: doc.require_file_upload,
          requireAcknowledgment: doc.require_acknowledgment,
          requireSignature: doc.require_signature,
          requireApproval: doc.require_approval,
        },
        { values, fullName: req.fullName, acknowledged: req.acknowledged, fileId },
        await this.opened(employeeId),
        STATES,
      );
      if (issues.length) throw fieldErrors(issues);
      if (fileId !== null && fileId !== doc.uploaded_file_id) {
        const own = await this.db.query('SELECT 1 FROM file WHERE id = $1 AND employee_id = $2 AND client_id = $client', [fileId, employeeId]);
        if (own.length === 0) throw fieldErrors([{ path: 'fileId', message: CustomDocumentMessages.fileMustBeUploaded }]);
      }
      const sealed = Object.fromEntries(
        doc.custom_fields.map((f) => {
          const v = values.get(f.id) ?? '';
          return [String(f.id), f.fieldType === 'ssn' && v !== '' ? this.cipher.encrypt(v)! : v];
        }),
      );
      await this.db.query(
        `INSERT INTO onboarding_document_response (employee_id, document_id, client_id, field_values, full_name, acknowledged, uploaded_file_id, submitted_at)
         VALUES ($1, $2, $client, $3, $4, $5, $6, now())
         ON CONFLICT (employee_id, document_id) DO UPDATE SET field_values = EXCLUDED.field_values, full_name = EXCLUDED.full_name,
           acknowledged = EXCLUDED.acknowledged, uploaded_file_id = EXCLUDED.uploaded_file_id, submitted_at = now()`,
        [employeeId, doc.id, JSON.stringify(sealed), req.fullName || null, req.acknowledged, fileId],
      );
      if (doc.require_approval) {
        await this.actions.requestDocumentApproval(employeeId, doc.id);
      }
      await this.audit.record(
        {
          employeeId,
          eventType: 'Onboarding',
          actionType: doc.submitted_at ? 'update' : 'create',
          description: `Document submitted: ${doc.title}${doc.require_approval ? ' (waiting for approval)' : ''}`,
          data: doc.custom_fields.map((f) => {
            const v = values.get(f.id) ?? '';
            const shown = f.fieldType === 'ssn' ? maskSsn(v) : v || null;
            return { title: f.fieldLabel, oldValue: null, newValue: shown, changed: true };
          }),
        },
      );
      const opened = await this.opened(employeeId);
      return this.toDocument((await this.rows(employeeId, doc.id))[0]!, opened, await this.fileTitles(doc.file_ids));
    });
  }

  /** POST /onboarding/custom/{id}/file: the employee's upload for a document (already streamed to storage), kept as their personal file. */
  async upload(documentId: number, file: StoredUpload | undefined): Promise<{ fileId: number; title: string }> {
    const employeeId = this.context.ownEmployeeId();
    // Another client's (or an unknown) document is not found, whatever was sent with it.
    const doc = (await this.rows(employeeId, documentId))[0];
    if (!doc || !file) {
      if (file) await this.storage.remove(file.storageKey);
      if (!doc) throw documentNotFound();
      throw fieldErrors([{ path: 'file', message: CustomDocumentMessages.fileMustBeUploaded }]);
    }
    const title = titleOfUpload(file, 120) || 'Uploaded file';
    return this.db.transaction(async () => {
      const fileId = await this.files.add({ employeeId, title, fileType: 'personal', storageKey: file.storageKey, contentType: file.contentType, sizeBytes: file.size });
      await this.db.query(
        `INSERT INTO onboarding_document_response (employee_id, document_id, client_id, uploaded_file_id) VALUES ($1, $2, $client, $3)
         ON CONFLICT (employee_id, document_id) DO UPDATE SET uploaded_file_id = EXCLUDED.uploaded_file_id`,
        [employeeId, documentId, fileId],
      );
      await this.audit.record({ employeeId, eventType: 'Onboarding', actionType: 'create', description: `File uploaded for ${doc.title}: ${title}` });
      return { fileId, title };
    });
  }

  /** GET /onboarding/files/{id}/download: an attached file of a document, recorded as opened. */
  async openFile(fileId: number): Promise<FileDownload> {
    const employeeId = this.context.ownEmployeeId();
    const attached = await this.db.query('SELECT 1 FROM onboarding_document WHERE client_id = $client AND $1 = ANY (file_ids)', [fileId]);
    if (attached.length === 0) throw documentNotFound();
    const download = await this.files.download(fileId);
    await this.db.query(
      `INSERT INTO onboarding_file_view (employee_id, file_id, client_id) VALUES ($1, $2, $client) ON CONFLICT (employee_id, file_id) DO NOTHING`,
      [employeeId, fileId],
    );
    return download;
  }

  /** GET /onboarding/files: every attached file of the client's documents, with whether the employee opened it. */
  async attachedFiles(): Promise<Array<{ id: number; title: string; opened: boolean }>> {
    const docs = await this.list();
    return docs.flatMap((d) => d.files);
  }

  /** The Documents step's guard: every document submitted and still valid. */
  async issues(employeeId: number): Promise<string[]> {
    const docs = await this.list(employeeId);
    return docs.filter((d) => d.submittedAt === null).map((d) => `submit "${d.title}"`);
  }

  private async rows(employeeId: number, documentId?: number, lock = false): Promise<DocumentRow[]> {
    return this.db.query<DocumentRow>(
      `SELECT d.id, d.title, d.comment_html, d.include_in_registration, d.custom_fields, d.file_ids, d.require_file_view, d.require_file_upload,
              d.require_acknowledgment, d.require_signature, d.require_approval,
              r.field_values, r.full_name, r.acknowledged, r.uploaded_file_id, f.title AS upload_title, r.submitted_at, a.status AS approval
         FROM onboarding_document d
         LEFT JOIN onboarding_document_response r ON r.document_id = d.id AND r.employee_id = $1
         LEFT JOIN file f ON f.id = r.uploaded_file_id
         LEFT JOIN action a ON a.onboarding_document_id = d.id AND a.employee_id = $1
        WHERE d.client_id = $client AND ($2::int IS NULL OR d.id = $2)
        ORDER BY d.sort_order, d.id${lock ? ' FOR UPDATE OF d' : ''}`,
      [employeeId, documentId ?? null],
    );
  }

  private async opened(employeeId: number): Promise<Set<number>> {
    const rows = await this.db.query<{ file_id: number }>('SELECT file_id FROM onboarding_file_view WHERE employee_id = $1 AND client_id = $client', [employeeId]);
    return new Set(rows.map((r) => r.file_id));
  }

  private async fileTitles(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<{ id: number; title: string }>('SELECT id, title FROM file WHERE id = ANY ($1) AND client_id = $client', [[...ids]]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  private toDocument(r: DocumentRow, opened: ReadonlySet<number>, titles: ReadonlyMap<number, string>): CustomDocument {
    const values = r.field_values ?? {};
    return {
      id: r.id,
      title: r.title,
      comment: r.comment_html,
      includeInRegistration: r.include_in_registration,
      customFields: r.custom_fields.map((f) => {
        const raw = values[String(f.id)] ?? null;
        const value = raw === null || raw === '' ? raw : f.fieldType === 'ssn' ? maskSsn(this.cipher.decrypt(raw)) : raw;
        return { id: f.id, fieldLabel: f.fieldLabel, fieldType: f.fieldType, ...(f.options ? { options: f.options } : {}), value };
      }),
      files: r.file_ids.map((id) => ({ id, title: titles.get(id) ?? 'Document', opened: opened.has(id) })),
      requireFileView: r.require_file_view,
      requireFileUpload: r.require_file_upload,
      requireAcknowledgment: r.require_acknowledgment,
      requireSignature: r.require_signature,
      requireApproval: r.require_approval,
      fullName: r.full_name,
      acknowledged: r.acknowledged ?? false,
      fileId: r.uploaded_file_id,
      fileTitle: r.upload_title,
      submittedAt: r.submitted_at?.toISOString() ?? null,
      approval: r.approval,
    };
  }
}
