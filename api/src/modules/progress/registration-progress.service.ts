import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  canChangeElections,
  ProgressMessages,
  REGISTRATION_ORDER,
  REGISTRATION_REOPEN_STEPS,
  RegistrationStep,
} from '../../contracts/auth';
import { incompleteDependentNames } from '../../contracts/dependents';
import { FormMessages } from '../../contracts/forms';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { StepConflict, StepModel, type StepDefinition } from '../../core/wizard/step-model';
import { BeneficiariesService } from '../beneficiaries/beneficiaries.service';
import { DependentsService } from '../dependents/dependents.service';
import { EmployeeProfileService } from '../employees/employee-profile.service';
import { ElectionDrafts } from '../enrollments/election-drafts.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { FormQuestionsService } from '../forms/form-questions.service';
import { EnrollmentConfirmationService } from '../forms/enrollment-confirmation.service';
import { SignatureService } from '../forms/signature.service';

type Step = (typeof REGISTRATION_ORDER)[number];

interface ProgressContext {
  employeeId: number;
  reopenedAt: Date | null;
}

interface AccountProgress {
  registration_step: number;
  registration_reopened_at: Date | null;
  new_hire: boolean | null;
  oe_end: string | null;
}

/**
 * The registration wizard's progress, owned by the server (decisions section 5): PUT /me records only the
 * next step, and only when the rules of the step being completed hold; a finished registration reopens
 * only at the documented edit points while elections may change, and then needs a new signature.
 */
@Injectable()
export class RegistrationProgressService {
  private readonly model: StepModel<Step, ProgressContext>;

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly profiles: EmployeeProfileService,
    private readonly dependents: DependentsService,
    private readonly enrollments: EnrollmentsService,
    private readonly beneficiaries: BeneficiariesService,
    private readonly forms: FormQuestionsService,
    private readonly signatures: SignatureService,
    private readonly confirmation: EnrollmentConfirmationService,
    private readonly drafts: ElectionDrafts,
  ) {
    const steps: StepDefinition<Step, ProgressContext>[] = [
      { step: RegistrationStep.WelcomeEmail, label: 'Welcome email' },
      // Completed through the emailed link (POST /registration), never by PUT /me: a signed-in person is past it.
      { step: RegistrationStep.Account, label: 'Account Setup' },
      { step: RegistrationStep.Profile, label: 'Employee Profile', guard: (c) => this.profileMissing(c) },
      { step: RegistrationStep.Dependents, label: 'Dependents', guard: () => this.dependentsMissing() },
      { step: RegistrationStep.Enrollments, label: 'Benefits Enrollment', guard: (c) => this.plansMissing(c) },
      { step: RegistrationStep.Beneficiaries, label: 'Beneficiaries', guard: (c) => this.beneficiaries.totalsIssues(c.employeeId, 'draft') },
      { step: RegistrationStep.AdditionalInfo, label: 'Additional Information', guard: async () => (await this.forms.issues()).map((i) => i.message) },
      { step: RegistrationStep.Signature, label: 'Signature', guard: (c) => this.signatureMissing(c) },
      { step: RegistrationStep.Finished, label: 'Summary' },
    ];
    this.model = new StepModel(steps);
  }

  /** PUT /me {step}: 409 with what is missing when the step cannot be recorded. */
  async record(requested: number): Promise<void> {
    const { accountId, employeeId } = this.context.user;
    if (accountId === null || employeeId === null) throw new NotFoundException();
    const progress = await this.progressOf(accountId);
    const current = progress.registration_step;
    try {
      if (current === RegistrationStep.Finished && REGISTRATION_REOPEN_STEPS.includes(requested)) {
        if (!canChangeElections({ newHire: progress.new_hire ?? false, openEnrollmentEndDate: progress.oe_end })) {
          throw new StepConflict([ProgressMessages.reopenClosed]);
        }
        // The signed elections stay in force: what the employee changes from here is a draft until signed.
        await this.db.transaction(async (m) => {
          await this.db.query(`UPDATE account SET registration_step = $2, registration_reopened_at = now() WHERE id = $1 AND client_id = $client`, [accountId, requested], m);
          await this.drafts.open(employeeId, 'modify', m);
        });
        return;
      }
      const step = await this.model.complete(current as Step, requested as Step, {
        employeeId,
        reopenedAt: progress.registration_reopened_at,
      });
      // Only from the step read above: two tabs racing cannot both move it.
      const [, moved] = (await this.db.query(`UPDATE account SET registration_step = $3 WHERE id = $1 AND registration_step = $2 AND client_id = $client`, [
        accountId,
        current,
        step,
      ])) as unknown as [unknown, number];
      if (moved !== 1) throw new StepConflict(['The registration moved on in another window: reload the page']);
      // Finished (first time or after re-signing): the confirmation email with what was signed.
      if (step === RegistrationStep.Finished) await this.confirmation.send(employeeId);
    } catch (err) {
      if (err instanceof StepConflict) throw new ConflictException({ statusCode: 409, message: err.messages.join('. '), errors: err.messages.map((message) => ({ path: 'step', message })) });
      throw err;
    }
  }

  private async progressOf(accountId: number): Promise<AccountProgress> {
    const rows = await this.db.query<AccountProgress>(
      `SELECT a.registration_step, a.registration_reopened_at, e.new_hire,
              (SELECT to_char(p.end_date, 'MM/DD/YYYY') FROM open_enrollment_period p WHERE p.client_id = $client AND p.is_current LIMIT 1) AS oe_end
         FROM account a LEFT JOIN employee e ON e.account_id = a.id AND e.client_id = $client
        WHERE a.id = $1`,
      [accountId],
    );
    if (!rows[0]) throw new NotFoundException();
    return rows[0];
  }

  private async profileMissing(c: ProgressContext): Promise<string[]> {
    const fields = await this.profiles.missingFields(c.employeeId);
    return fields.length === 0 ? [] : [ProgressMessages.profileIncomplete(fields.join(', '))];
  }

  private async dependentsMissing(): Promise<string[]> {
    const names = incompleteDependentNames(await this.dependents.list());
    return names.length === 0 ? [] : [ProgressMessages.dependentsIncomplete(names.join(', '))];
  }

  private async plansMissing(c: ProgressContext): Promise<string[]> {
    const open = await this.enrollments.undecidedPlanTypes(c.employeeId);
    return open.length === 0 ? [] : [ProgressMessages.plansUndecided(open.join(', '))];
  }

  /** A signature recorded before the last reopening signed other elections: it does not count. */
  private async signatureMissing(c: ProgressContext): Promise<string[]> {
    const signed = await this.signatures.latestRow(c.employeeId);
    const current = signed !== null && (c.reopenedAt === null || signed.signedAt.getTime() >= c.reopenedAt.getTime());
    return current ? [] : [FormMessages.signatureMissing];
  }
}
