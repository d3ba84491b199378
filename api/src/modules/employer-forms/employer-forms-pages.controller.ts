import { Body, Controller, Get, HttpException, Inject, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { CUSTOM_FIELD_TYPES } from '../../contracts/onboarding';
import { CUSTOM_FIELD_TYPE_LABELS, EmployerFormMessages, STEP_FLAGS, ZEmployerFormStep, ZStepFieldInput, type StepField } from '../../contracts/employer-forms';
import { FileMessages } from '../../contracts/files';
import { Access } from '../../core/auth/access.decorator';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { idPipe } from '../../core/http/id.pipe';
import { servedOverHttps } from '../../core/http/security-headers';
import { FilesService } from '../files/files.service';
import { StreamingUploadInterceptor, type StoredUpload } from '../files/streaming-upload.interceptor';
import { EmployerFormsService, StepInvalid, type StepView } from './employer-forms.service';
import { FORMS_PATH, FormsSessions } from './forms-session';
import { PageRenderer } from './page-renderer';

const StepIdPipe = idPipe(EmployerFormMessages.notFound);

interface Row {
  index: number;
  number: number;
  id: number | '';
  label: string;
  type: string;
  options: string;
  remove: boolean;
  error: string | null;
}

const NOTICES: Record<string, string> = { saved: EmployerFormMessages.saved, deleted: EmployerFormMessages.deleted, file: FileMessages.uploaded };

/**
 * The Employer Forms wizard: server-rendered pages the site frames. Plain
 * HTML forms, no script: every step works by posting the page. Signed in by the cookie the entry sets
 * (FormsAuthMiddleware turns it into the session's token for the usual guard).
 */
@ApiExcludeController()
@Controller('employer-forms')
export class EmployerFormsPagesController {
  private readonly pages = new PageRenderer();

  constructor(
    private readonly steps: EmployerFormsService,
    private readonly files: FilesService,
    private readonly sessions: FormsSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The frame's address: the ticket becomes the cookie at once, and the address loses it (303 to the list). */
  @Get()
  @Access('public')
  async enter(@Query('jwt') ticket: unknown, @Res() res: Response): Promise<void> {
    const session = typeof ticket === 'string' ? await this.sessions.exchange(ticket) : null;
    if (!session) {
      this.html(res, 403, this.pages.page('expired', 'Expired', { message: EmployerFormMessages.expired }));
      return;
    }
    res.header('Set-Cookie', this.sessions.cookie(session, servedOverHttps(this.config.publicUrl, res.request.protocol)));
    this.seeOther(res, `${FORMS_PATH}/steps`);
  }

  @Get('steps')
  @Access('employer-forms:manage')
  async list(@Query('done') done: unknown, @Res() res: Response): Promise<void> {
    this.html(res, 200, await this.listPage({ notice: typeof done === 'string' ? (NOTICES[done] ?? null) : null }));
  }

  @Get('steps/new')
  @Access('employer-forms:manage')
  async newStep(@Res() res: Response): Promise<void> {
    this.html(res, 200, await this.stepPage(null, null, [], 1));
  }

  @Post('steps/new')
  @Access('employer-forms:manage')
  create(@Body() body: unknown, @Res() res: Response): Promise<void> {
    return this.save(null, body, res);
  }

  @Get('steps/:id')
  @Access('employer-forms:manage')
  async edit(@Param('id', StepIdPipe) id: number, @Res() res: Response): Promise<void> {
    const step = await this.steps.get(id);
    this.html(res, 200, await this.stepPage(step, null, step.fields.map(fieldRow), 1));
  }

  @Post('steps/:id')
  @Access('employer-forms:manage')
  async update(@Param('id', StepIdPipe) id: number, @Body() body: unknown, @Res() res: Response): Promise<void> {
    await this.steps.get(id);
    return this.save(id, body, res);
  }

  @Post('steps/:id/delete')
  @Access('employer-forms:manage')
  async remove(@Param('id', StepIdPipe) id: number, @Body('confirm') confirm: unknown, @Res() res: Response): Promise<void> {
    // Only the list's Delete button (which says so) deletes: a stray or replayed post of anything else does not.
    if (confirm !== 'delete') {
      await this.steps.get(id);
      this.html(res, 400, await this.listPage({ error: EmployerFormMessages.confirmDelete }));
      return;
    }
    try {
      await this.steps.remove(id);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === 409) {
        this.html(res, 409, await this.listPage({ error: EmployerFormMessages.answered }));
        return;
      }
      throw err;
    }
    this.seeOther(res, `${FORMS_PATH}/steps?done=deleted`);
  }

  /** A company file for steps to attach (and My Documents' Company Files). */
  @Post('files')
  @Access('employer-forms:manage')
  @UseInterceptors(StreamingUploadInterceptor)
  async upload(@Body('title') title: unknown, @UploadedFile() file: StoredUpload | undefined, @Res() res: Response): Promise<void> {
    try {
      await this.files.recordCompanyFile(title, file);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === 400) {
        this.html(res, 400, await this.listPage({ error: FileMessages.uploadError }));
        return;
      }
      throw err;
    }
    this.seeOther(res, `${FORMS_PATH}/steps?done=file`);
  }

  /** Save, or (op=add-field) the same form again with one more empty field row. */
  private async save(id: number | null, posted: unknown, res: Response): Promise<void> {
    // Whatever arrived (a body that is not a form, say) is read as a form with what it has.
    const raw: Record<string, unknown> = posted && typeof posted === 'object' && !Array.isArray(posted) ? (posted as Record<string, unknown>) : {};
    const parsed = ZEmployerFormStep.safeParse(raw);
    const rows = rowsOf(raw.fields);
    const draft = draftOf(id, raw);
    if (raw.op === 'add-field') {
      this.html(res, 200, await this.stepPage(draft, null, rows, 1));
      return;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const titleError = issue?.path[0] === 'title' ? issue.message : null;
      this.html(res, 400, await this.stepPage(draft, titleError ?? issue?.message ?? EmployerFormMessages.titleRequired, rows, 0, titleError));
      return;
    }
    try {
      await this.steps.save(id, parsed.data);
    } catch (err) {
      if (err instanceof StepInvalid) {
        if (err.row !== null && rows[err.row]) rows[err.row]!.error = err.message;
        this.html(res, 400, await this.stepPage(draft, err.message, rows, 0));
        return;
      }
      throw err;
    }
    this.seeOther(res, `${FORMS_PATH}/steps?done=saved`);
  }

  private async listPage(extra: { notice?: string | null; error?: string | null }): Promise<string> {
    const steps = (await this.steps.list()).map((s) => ({
      ...s,
      requirements: STEP_FLAGS.filter(([key]) => s[key]).map(([, label]) => label).join('; ') || 'None',
    }));
    return this.pages.page('steps', 'Onboarding steps', { base: FORMS_PATH, steps, ...extra });
  }

  private async stepPage(step: StepView | null, error: string | null, rows: Row[], emptyRows: number, titleError: string | null = null): Promise<string> {
    const all = [...rows];
    for (let i = 0; i < emptyRows; i += 1) all.push({ index: 0, number: 0, id: '', label: '', type: 'text', options: '', remove: false, error: null });
    all.forEach((r, i) => Object.assign(r, { index: i, number: i + 1 }));
    const chosen = new Set(step?.fileIds ?? []);
    const files = (await this.steps.companyFiles()).map((f) => ({ ...f, checked: chosen.has(f.id) }));
    const current = step ?? draftOf(null, {});
    return this.pages.page('step', step?.id ? `Edit ${step.title}` : 'Add a step', {
      base: FORMS_PATH,
      step: current,
      error,
      titleError,
      rows: all,
      types: CUSTOM_FIELD_TYPES.map((value) => ({ value, label: CUSTOM_FIELD_TYPE_LABELS[value] })),
      flags: STEP_FLAGS.map(([key, label]) => ({ key, label, checked: current[key] })),
      files,
    });
  }

  private html(res: Response, status: number, body: string): void {
    // The pages hold personal choices of HR: never cached; framed only by the site itself (helmet: same origin).
    void res.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);
  }

  /** After a post, the page to load next (303: the browser gets it, never posts again). */
  private seeOther(res: Response, location: string): void {
    void res.redirect(location, 303);
  }
}

function fieldRow(f: StepField, index: number): Row {
  return { index, number: index + 1, id: f.id, label: f.fieldLabel, type: f.fieldType, options: (f.options ?? []).join(', '), remove: false, error: null };
}

/** The rows as posted (kept as typed when the page comes back with an error or an added row). */
function rowsOf(raw: unknown): Row[] {
  const list = raw && typeof raw === 'object' ? Object.values(raw as Record<string, unknown>) : [];
  return list.slice(0, 50).map((r, index) => {
    const p = ZStepFieldInput.safeParse(r);
    const v = p.success ? p.data : { id: undefined, label: '', type: 'text' as const, options: '', remove: false };
    const row: Row = { index, number: index + 1, id: v.id ?? '', label: v.label, type: v.type, options: v.options, remove: v.remove, error: null };
    return row;
  });
}

/** What the form showed, to show it again (unsaved). */
function draftOf(id: number | null, raw: Record<string, unknown>): StepView {
  const on = (k: string) => raw[k] === 'on';
  const text = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
  return {
    id: id ?? 0,
    title: text('title'),
    comment: text('comment'),
    includeInRegistration: on('includeInRegistration'),
    requireFileView: on('requireFileView'),
    requireFileUpload: on('requireFileUpload'),
    requireAcknowledgment: on('requireAcknowledgment'),
    requireSignature: on('requireSignature'),
    requireApproval: on('requireApproval'),
    sortOrder: Number(text('sortOrder')) || 0,
    fields: [],
    fileIds: (Array.isArray(raw.fileIds) ? raw.fileIds : raw.fileIds === undefined ? [] : [raw.fileIds]).map(Number).filter(Number.isInteger),
    answers: 0,
  };
}

