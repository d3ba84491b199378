import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EmployerFormMessages, STEP_FLAGS, stepFields, type EmployerFormStep, type StepField } from '../../contracts/employer-forms';
import { AuditService } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';
import { sanitizeRichText } from '../../core/html/rich-text';

/** A custom-document step as HR's pages show it. */
export interface StepView {
  id: number;
  title: string;
  comment: string;
  includeInRegistration: boolean;
  requireFileView: boolean;
  requireFileUpload: boolean;
  requireAcknowledgment: boolean;
  requireSignature: boolean;
  requireApproval: boolean;
  sortOrder: number;
  fields: StepField[];
  fileIds: number[];
  answers: number;
}

interface StepRow {
  id: number;
  title: string;
  comment_html: string;
  include_in_registration: boolean;
  custom_fields: StepField[];
  file_ids: number[];
  require_file_view: boolean;
  require_file_upload: boolean;
  require_acknowledgment: boolean;
  require_signature: boolean;
  require_approval: boolean;
  sort_order: number;
  answers: number;
}

const notFound = () => new NotFoundException({ statusCode: 404, message: EmployerFormMessages.notFound });

/** A step refused as HR posted it: the message, and the field row it is about (if any). */
export class StepInvalid extends Error {
  constructor(
    message: string,
    readonly row: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Employer Forms: HR defines the onboarding custom-document steps of the client
 * (onboarding_document rows, which the onboarding wizard reads). Every change is audited in its transaction.
 */
@Injectable()
export class EmployerFormsService {
  constructor(
    private readonly db: TenantDb,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<StepView[]> {
    const rows = await this.db.query<StepRow>(`${STEP_SQL} WHERE d.client_id = $client ORDER BY d.sort_order, d.id`);
    return rows.map(toView);
  }

  /** One step of the client; another client's (or an unknown) id is not found. */
  async get(id: number): Promise<StepView> {
    const [row] = await this.db.query<StepRow>(`${STEP_SQL} WHERE d.id = $1 AND d.client_id = $client`, [id]);
    if (!row) throw notFound();
    return toView(row);
  }

  /** The client's company and carrier files a step can attach. */
  companyFiles(): Promise<Array<{ id: number; title: string }>> {
    return this.db.query<{ id: number; title: string }>(`SELECT id, title FROM file WHERE client_id = $client AND file_type IN ('client', 'carrier') ORDER BY title, id`);
  }

  /** Creates (id null) or updates a step; the comment is sanitised, the files must be the client's. Answers its id. */
  async save(id: number | null, body: EmployerFormStep): Promise<number> {
    const existing = id === null ? null : await this.get(id);
    const fields = stepFields(body.fields, new Set((existing?.fields ?? []).map((f) => f.id)));
    if ('error' in fields) throw new StepInvalid(fields.error, fields.row);
    const fileIds = [...new Set(body.fileIds)];
    if (fileIds.length) {
      const known = await this.db.query<{ id: number }>(`SELECT id FROM file WHERE client_id = $client AND file_type IN ('client', 'carrier') AND id = ANY ($1::int[])`, [fileIds]);
      if (known.length !== fileIds.length) throw new StepInvalid(EmployerFormMessages.unknownFile);
    }
    const values = [
      body.title,
      sanitizeRichText(body.comment),
      body.includeInRegistration,
      JSON.stringify(fields.fields),
      fileIds,
      body.requireFileView,
      body.requireFileUpload,
      body.requireAcknowledgment,
      body.requireSignature,
      body.requireApproval,
      body.sortOrder,
    ];
    return this.db.transaction(async () => {
      let stepId: number;
      if (existing === null) {
        const [row] = await this.db.query<{ id: number }>(
          `INSERT INTO onboarding_document (client_id, title, comment_html, include_in_registration, custom_fields, file_ids, require_file_view, require_file_upload,
             require_acknowledgment, require_signature, require_approval, sort_order)
           VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          values,
        );
        stepId = row!.id;
      } else {
        stepId = existing.id;
        await this.db.query(
          `UPDATE onboarding_document SET title = $2, comment_html = $3, include_in_registration = $4, custom_fields = $5, file_ids = $6, require_file_view = $7,
             require_file_upload = $8, require_acknowledgment = $9, require_signature = $10, require_approval = $11, sort_order = $12
           WHERE id = $1 AND client_id = $client`,
          [stepId, ...values],
        );
      }
      const flags = (v: Pick<StepView, (typeof STEP_FLAGS)[number][0]>) => STEP_FLAGS.filter(([key]) => v[key]).map(([, label]) => label).join('; ') || 'None';
      await this.audit.record(
        {
          eventType: 'Employer forms',
          actionType: existing ? 'update' : 'create',
          description: `${existing ? 'Onboarding step changed' : 'Onboarding step added'}: ${body.title}`,
          data: [
            { title: 'Title', oldValue: existing?.title ?? null, newValue: body.title, changed: existing?.title !== body.title },
            { title: 'Fields', oldValue: existing ? existing.fields.map((f) => f.fieldLabel).join(', ') : null, newValue: fields.fields.map((f) => f.fieldLabel).join(', '), changed: true },
            { title: 'Requirements', oldValue: existing ? flags(existing) : null, newValue: flags(body), changed: !existing || flags(existing) !== flags(body) },
            { title: 'In registration', oldValue: existing ? String(existing.includeInRegistration) : null, newValue: String(body.includeInRegistration), changed: existing?.includeInRegistration !== body.includeInRegistration },
          ],
        },
      );
      return stepId;
    });
  }

  /** Deletes a step nobody has answered (answers and approvals keep theirs). */
  async remove(id: number): Promise<void> {
    const step = await this.get(id);
    if (step.answers > 0) throw new ConflictException({ statusCode: 409, message: EmployerFormMessages.answered });
    await this.db.transaction(async () => {
      const used = await this.db.query('SELECT 1 FROM action WHERE onboarding_document_id = $1 AND client_id = $client LIMIT 1', [id]);
      if (used.length) throw new ConflictException({ statusCode: 409, message: EmployerFormMessages.answered });
      await this.db.query('DELETE FROM onboarding_document WHERE id = $1 AND client_id = $client', [id]);
      await this.audit.record({ eventType: 'Employer forms', actionType: 'delete', description: `Onboarding step deleted: ${step.title}` });
    });
  }
}

const STEP_SQL = `
  SELECT d.id, d.title, d.comment_html, d.include_in_registration, d.custom_fields, d.file_ids, d.require_file_view, d.require_file_upload,
         d.require_acknowledgment, d.require_signature, d.require_approval, d.sort_order,
         (SELECT count(*)::int FROM onboarding_document_response r WHERE r.document_id = d.id AND r.client_id = d.client_id) AS answers
    FROM onboarding_document d`;

function toView(r: StepRow): StepView {
  return {
    id: r.id,
    title: r.title,
    comment: r.comment_html,
    includeInRegistration: r.include_in_registration,
    requireFileView: r.require_file_view,
    requireFileUpload: r.require_file_upload,
    requireAcknowledgment: r.require_acknowledgment,
    requireSignature: r.require_signature,
    requireApproval: r.require_approval,
    sortOrder: r.sort_order,
    fields: r.custom_fields,
    fileIds: r.file_ids,
    answers: r.answers,
  };
}
