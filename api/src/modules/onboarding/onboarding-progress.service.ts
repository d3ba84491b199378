import { EnrollmentWindowService } from '../enrollments/enrollment-window.service';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ProgressMessages, RegistrationStep } from '../../contracts/auth';
import { toUsDate } from '../../contracts/formats';
import { FormMessages } from '../../contracts/forms';
import { Messages } from '../../contracts/messages';
import {
  finishLabel,
  ONBOARDING_STEP_LABELS,
  OnboardingMessages,
  OnboardingStep,
  onboardingSteps,
  type EmployeeOnboarding,
  type OnboardingStatus,
  ZOnboardingAccountRequest,
  type OnboardingStepValue,
} from '../../contracts/onboarding';
import { AuditService } from '../../core/audit/audit.service';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { StepConflict, StepModel, StepModelMessages, type StepDefinition } from '../../core/wizard/step-model';
import { hashSecret, normalizeAnswer } from '../../core/auth/passwords';
import { fieldErrors } from '../../core/http/field-errors';
import { OptionsService } from '../options/options.service';
import { ZodValidationException } from 'nestjs-zod';
import { AccountsService } from '../accounts/accounts.service';
import { EmployeeProfileService } from '../employees/employee-profile.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';
import { signaturePngOf } from '../forms/signature-png';
import { OnboardingDocumentsService } from './onboarding-documents.service';
import { OnboardingFormsService } from './onboarding-forms.service';
import { onboardingRuns, onboardingStepInForce } from '../../contracts/onboarding-start';
import { PayrollService } from './payroll.service';

interface Progress {
  accountId: number;
  authentication_method: string;
  employeeId: number;
  onboarding_step: number;
  registration_step: number;
  running: boolean;
  new_hire: boolean;
  oe_end: string | null;
  i9_enabled: boolean;
  w4_enabled: boolean;
  payroll_enabled: boolean;
  eeo_enabled: boolean;
}

/** The columns the rule of contracts/onboarding-start.ts reads. */
interface OnboardingFlagsRow {
  onboarding_step: number;
  registration_step: number;
  registration_reopened: boolean;
  client_onboarding: boolean;
  employee_onboarding: boolean;
}

const factsOf = (r: OnboardingFlagsRow) => ({
  clientEnabled: r.client_onboarding,
  employeeEnabled: r.employee_onboarding,
  step: r.onboarding_step,
  registrationStep: r.registration_step,
  registrationReopened: r.registration_reopened,
});

const notRunning = () => new NotFoundException({ statusCode: 404, message: OnboardingMessages.notRunning });

/**
 * The onboarding wizard's progress, owned by the server with the registration's step model:
 * `PUT /onboarding {step}` records only the next step of this person's steps (the optional ones
 * by the client's flags), and only when the step's own rules hold; else 409 with what is missing. Finishing
 * sends the new hire on to benefit enrollment, the profile already done.
 */
@Injectable()
export class OnboardingProgressService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly profiles: EmployeeProfileService,
    private readonly forms: OnboardingFormsService,
    private readonly payroll: PayrollService,
    private readonly documents: OnboardingDocumentsService,
    private readonly options: OptionsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly files: FilesService,
    private readonly window: EnrollmentWindowService,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  async status(): Promise<OnboardingStatus> {
    const p = await this.progress();
    return {
      // As GET /me answers it: none when onboarding does not run for this person.
      step: p.running ? p.onboarding_step : OnboardingStep.Finished,
      steps: onboardingSteps(this.flags(p)).map((step) => ({ step, label: ONBOARDING_STEP_LABELS[step] })),
      accountSettings: this.needsAccountSettings(p),
      finishLabel: finishLabel((await this.window.check(p.employeeId)).open),
    };
  }

  /** Account Settings applies to a username account whose registration has not left the welcome email. */
  private needsAccountSettings(p: Pick<Progress, 'authentication_method' | 'registration_step' | 'running'>): boolean {
    return p.running && p.authentication_method === 'username' && p.registration_step === RegistrationStep.WelcomeEmail;
  }

  /**
   * PUT /onboarding/account (Account Settings): the account's email (unique) and its security question; the
   * registration then counts its account step as done, as Account Setup would have.
   */
  async saveAccount(body: unknown): Promise<void> {
    const parsed = ZOnboardingAccountRequest.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const req = parsed.data;
    const p = await this.progress();
    if (!this.needsAccountSettings(p)) throw new ConflictException({ statusCode: 409, message: StepModelMessages.finished, errors: [{ path: 'step', message: StepModelMessages.finished }] });
    if (!(await this.options.has('securityQuestion', req.securityQuestionId))) throw fieldErrors([{ path: 'securityQuestionId', message: Messages.unknownSecurityQuestion }]);
    const answerHash = await hashSecret(normalizeAnswer(req.securityAnswer));
    await this.db.transaction(async () => {
      // Email and username are unique across every client: the look-up is not scoped to one.
      const taken = (await this.db.manager.query('SELECT 1 FROM account WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND id <> $2 LIMIT 1', [req.email, p.accountId])) as unknown[];
      if (taken.length > 0) throw fieldErrors([{ path: 'email', message: Messages.emailInUse }]);
      await this.accounts.settleAccountStep(p.accountId, req.email, req.securityQuestionId, answerHash, RegistrationStep.WelcomeEmail, RegistrationStep.Account);
      await this.audit.record(
        { employeeId: p.employeeId, eventType: 'Account', actionType: 'update', description: 'Account settings saved during onboarding', data: [{ title: 'Email', oldValue: null, newValue: req.email, changed: true }] },
      );
    });
  }

  /** GET /employees/{id}/onboarding (HR, read-only): an employee of the acting client, else 404. */
  async ofEmployee(employeeId: number): Promise<EmployeeOnboarding> {
    // No account yet (no welcome email sent): nothing to show as pending.
    const rows = await this.db.query<OnboardingFlagsRow & { signed_at: Date | null }>(
      `SELECT coalesce(a.onboarding_step, 0) AS onboarding_step, coalesce(a.registration_step, 1) AS registration_step,
              a.registration_reopened_at IS NOT NULL AS registration_reopened, c.enable_onboarding AS client_onboarding,
              e.enable_onboarding AS employee_onboarding, s.signed_at
         FROM employee e JOIN client c ON c.id = e.client_id LEFT JOIN account a ON a.id = e.account_id
         LEFT JOIN onboarding_signature s ON s.employee_id = e.id
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    const [i9, w4, eeo, payroll] = await Promise.all([this.forms.i9(employeeId), this.forms.w4(employeeId), this.forms.eeo(employeeId), this.payroll.list(employeeId)]);
    // HR sees what the employee gets: the step in force.
    return { step: onboardingStepInForce(factsOf(row)), i9, w4, eeo, payroll, signedAt: row.signed_at?.toISOString() ?? null };
  }

  /** PUT /onboarding {step}. */
  async record(requested: number): Promise<void> {
    const p = await this.progress();
    if (!p.running) throw notRunning();
    const model = this.model(p);
    try {
      const step = await model.complete(p.onboarding_step as OnboardingStepValue, requested as OnboardingStepValue, p);
      await this.db.transaction(async () => {
        const moved = await this.accounts.moveStep(p.accountId, 'onboarding', step, [p.onboarding_step]);
        if (!moved) throw new StepConflict(['The onboarding moved on in another window: reload the page']);
        if (step === OnboardingStep.Finished) {
          // The profile was completed here: benefit enrollment resumes after it, never before.
          await this.accounts.moveStep(p.accountId, 'registration', RegistrationStep.Profile, [RegistrationStep.WelcomeEmail, RegistrationStep.Account]);
        }
        await this.audit.record({ employeeId: p.employeeId, eventType: 'Onboarding', actionType: 'update', description: step === OnboardingStep.Finished ? 'Onboarding finished' : `Onboarding step completed: ${ONBOARDING_STEP_LABELS[step as 2]}` });
      });
    } catch (err) {
      if (err instanceof StepConflict) throw new ConflictException({ statusCode: 409, message: err.messages.join('. '), errors: err.messages.map((message) => ({ path: 'step', message })) });
      throw err;
    }
  }

  /** POST /onboarding/signature: the drawing, kept as a personal file of the employee; the latest one counts. */
  async sign(body: unknown): Promise<{ signedAt: string }> {
    const png = signaturePngOf(body);
    const p = await this.progress();
    if (!p.running) throw notRunning();
    const key = `employees/${p.employeeId}/signatures/onboarding-${randomUUID()}.png`;
    await this.storage.put(key, png);
    const signedAt = this.clock.now();
    await this.db.transaction(async () => {
      const fileId = await this.files.add({ employeeId: p.employeeId, title: `Onboarding signature ${toUsDate(signedAt.toISOString().slice(0, 10))}`, fileType: 'personal', storageKey: key, contentType: 'image/png', sizeBytes: png.length });
      await this.db.query(
        `INSERT INTO onboarding_signature (employee_id, client_id, image_file_id, ip, signed_at) VALUES ($1, $client, $2, $3, $4)
         ON CONFLICT (employee_id) DO UPDATE SET image_file_id = EXCLUDED.image_file_id, ip = EXCLUDED.ip, signed_at = EXCLUDED.signed_at`,
        [p.employeeId, fileId, this.context.ip, signedAt],
      );
      await this.audit.record({ employeeId: p.employeeId, eventType: 'Signature', actionType: 'create', description: 'Onboarding signed' });
    });
    return { signedAt: signedAt.toISOString() };
  }

  private flags(p: Progress) {
    return { i9Enabled: p.i9_enabled, w4Enabled: p.w4_enabled, payrollEnabled: p.payroll_enabled, eeoEnabled: p.eeo_enabled };
  }

  /** Pending, this person's steps, then finished; each step's guard says what is missing before it counts as done. */
  private model(p: Progress): StepModel<OnboardingStepValue, Progress> {
    const guards: Partial<Record<OnboardingStepValue, (c: Progress) => Promise<string[]>>> = {
      [OnboardingStep.Profile]: async (c) => {
        if (this.needsAccountSettings(c)) return [OnboardingMessages.accountSettingsFirst];
        const fields = await this.profiles.missingFields(c.employeeId);
        return fields.length ? [ProgressMessages.profileIncomplete(fields.join(', '))] : [];
      },
      [OnboardingStep.Documents]: (c) => this.documents.issues(c.employeeId),
      [OnboardingStep.Eligibility]: async (c) => ((await this.forms.has('employee_eligibility', c.employeeId)) ? [] : [OnboardingMessages.selectOneOfFour]),
      [OnboardingStep.Tax]: async (c) => ((await this.forms.has('employee_tax', c.employeeId)) ? [] : [OnboardingMessages.filingStatusRequired]),
      [OnboardingStep.Payroll]: (c) => this.payroll.issues(c.employeeId),
      [OnboardingStep.Signature]: async (c) => {
        const rows = await this.db.query('SELECT 1 FROM onboarding_signature WHERE employee_id = $1 AND client_id = $client', [c.employeeId]);
        return rows.length ? [] : [FormMessages.signatureMissing];
      },
    };
    const steps: StepDefinition<OnboardingStepValue, Progress>[] = [
      { step: OnboardingStep.Pending, label: 'Start' },
      ...onboardingSteps(this.flags(p)).map((step) => ({ step, label: ONBOARDING_STEP_LABELS[step], ...(guards[step] ? { guard: guards[step] } : {}) })),
      { step: OnboardingStep.Finished, label: 'Finish' },
    ];
    return new StepModel(steps);
  }

  private async progress(): Promise<Progress> {
    const { accountId, employeeId } = this.context.user;
    if (accountId === null || employeeId === null) throw notRunning();
    const rows = await this.db.query<Omit<Progress, 'accountId' | 'employeeId' | 'running'> & OnboardingFlagsRow>(
      `SELECT a.onboarding_step, a.registration_step, a.authentication_method, a.registration_reopened_at IS NOT NULL AS registration_reopened,
              c.enable_onboarding AS client_onboarding, e.enable_onboarding AS employee_onboarding,
              e.new_hire, c.i9_enabled AND e.onboarding_i9 AS i9_enabled, c.w4_enabled AND e.onboarding_w4 AS w4_enabled,
              c.payroll_enabled AND e.onboarding_payroll AS payroll_enabled, c.eeo_enabled AND e.onboarding_eeo AS eeo_enabled,
              (SELECT to_char(p.end_date, 'MM/DD/YYYY') FROM open_enrollment_period p WHERE p.client_id = $client AND p.is_current LIMIT 1) AS oe_end
         FROM account a JOIN employee e ON e.account_id = a.id AND e.id = $2 JOIN client c ON c.id = e.client_id
        WHERE a.id = $1 AND c.id = $client`,
      [accountId, employeeId],
    );
    const row = rows[0];
    if (!row) throw notRunning();
    return { ...row, running: onboardingRuns(factsOf(row)), accountId, employeeId };
  }
}
