import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ProgressMessages,
  REGISTRATION_REOPEN_STEPS,
  REGISTRATION_STEPS,
  RegistrationStep,
  type RegistrationStepValue,
} from '../../contracts/auth';
import { incompleteDependentNames } from '../../contracts/dependents';
import { FormMessages } from '../../contracts/forms';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { StepConflict, StepModel, type StepDefinition } from '../../core/wizard/step-model';
import { AccountsService } from '../accounts/accounts.service';
import { BeneficiariesService } from '../beneficiaries/beneficiaries.service';
import { DependentsService } from '../dependents/dependents.service';
import { EmployeeProfileService } from '../employees/employee-profile.service';
import { ElectionDrafts } from '../enrollments/election-drafts.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { EnrollmentWindowService } from '../enrollments/enrollment-window.service';
import { FormQuestionsService } from '../forms/form-questions.service';
import { EnrollmentConfirmationService } from '../forms/enrollment-confirmation.service';
import { SignatureService } from '../forms/signature.service';

type Step = RegistrationStepValue;

interface ProgressContext {
  employeeId: number;
  reopenedAt: Date | null;
}

interface AccountProgress {
  registration_step: number;
  registration_reopened_at: Date | null;
}

/**
 * The registration wizard's progress, owned by the server: PUT /me records only the
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
    private readonly window: EnrollmentWindowService,
    private readonly accounts: AccountsService,
  ) {
    // The order and labels are the contracts'; what each step checks before it counts as done is the server's.
    // The account is completed through the emailed link (POST /registration), never by PUT /me.
    const guards: Partial<Record<Step, StepDefinition<Step, ProgressContext>['guard']>> = {
      [RegistrationStep.Profile]: (c) => this.profileMissing(c),
      [RegistrationStep.Dependents]: () => this.dependentsMissing(),
      [RegistrationStep.Enrollments]: (c) => this.plansMissing(c),
      [RegistrationStep.Beneficiaries]: (c) => this.beneficiaries.totalsIssues(c.employeeId, 'draft'),
      [RegistrationStep.AdditionalInfo]: async () => (await this.forms.issues()).map((i) => i.message),
      [RegistrationStep.Signature]: (c) => this.signatureMissing(c),
    };
    this.model = new StepModel<Step, ProgressContext>(REGISTRATION_STEPS.map(({ step, label }) => ({ step, label, guard: guards[step] })));
  }

  /** PUT /me {step}: 409 with what is missing when the step cannot be recorded. */
  async record(requested: number): Promise<void> {
    const { accountId, employeeId } = this.context.user;
    if (accountId === null || employeeId === null) throw new NotFoundException();
    const progress = await this.progressOf(accountId);
    const current = progress.registration_step;
    try {
      if (current === RegistrationStep.Finished && REGISTRATION_REOPEN_STEPS.includes(requested)) {
        // Open enrollment or the new-hire window; a life event changes elections through its own wizard.
        const window = await this.window.check(employeeId);
        if (!window.open || window.why === 'life-event') {
          throw new StepConflict([ProgressMessages.reopenClosed]);
        }
        // The signed elections stay in force: what the employee changes from here is a draft until signed.
        await this.db.transaction(async () => {
          await this.accounts.moveStep(accountId, 'registration', requested, null, true);
          await this.drafts.open(employeeId, 'modify');
        });
        return;
      }
      const step = await this.model.complete(current as Step, requested as Step, {
        employeeId,
        reopenedAt: progress.registration_reopened_at,
      });
      // Only from the step read above: two tabs racing cannot both move it.
      const moved = await this.accounts.moveStep(accountId, 'registration', step, [current]);
      if (!moved) throw new StepConflict(['The registration moved on in another window: reload the page']);
      // Finished (first time or after re-signing): the confirmation email with what was signed.
      if (step === RegistrationStep.Finished) await this.confirmation.send(employeeId);
    } catch (err) {
      if (err instanceof StepConflict) throw new ConflictException({ statusCode: 409, message: err.messages.join('. '), errors: err.messages.map((message) => ({ path: 'step', message })) });
      throw err;
    }
  }

  private async progressOf(accountId: number): Promise<AccountProgress> {
    const rows = await this.db.query<AccountProgress>(
      `SELECT a.registration_step, a.registration_reopened_at FROM account a WHERE a.id = $1 AND a.client_id = $client`,
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
