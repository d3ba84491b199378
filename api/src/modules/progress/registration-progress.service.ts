import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  canChangeElections,
  ProgressMessages,
  REGISTRATION_ORDER,
  REGISTRATION_REOPEN_STEPS,
  RegistrationStep,
} from '../../contracts/auth';
import { incompleteDependentNames } from '../../contracts/dependents';
import { FormMessages } from '../../contracts/forms';
import { isDecided } from '../../contracts/enrollments';
import { ZEmployeeProfileRequest } from '../../contracts/profile';
import type { AuthUser } from '../../core/auth/auth-user';
import { StepConflict, StepModel, type StepDefinition } from '../../core/wizard/step-model';
import { BeneficiariesService } from '../beneficiaries/beneficiaries.service';
import { DependentsService } from '../dependents/dependents.service';
import { EmployeeProfileService } from '../employees/employee-profile.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { FormQuestionsService } from '../forms/form-questions.service';
import { SignatureService } from '../forms/signature.service';

type Step = (typeof REGISTRATION_ORDER)[number];

interface ProgressContext {
  user: AuthUser & { employeeId: number };
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
    private readonly dataSource: DataSource,
    private readonly profiles: EmployeeProfileService,
    private readonly dependents: DependentsService,
    private readonly enrollments: EnrollmentsService,
    private readonly beneficiaries: BeneficiariesService,
    private readonly forms: FormQuestionsService,
    private readonly signatures: SignatureService,
  ) {
    const steps: StepDefinition<Step, ProgressContext>[] = [
      { step: RegistrationStep.WelcomeEmail, label: 'Welcome email' },
      // Completed through the emailed link (POST /registration), never by PUT /me: a signed-in person is past it.
      { step: RegistrationStep.Account, label: 'Account Setup' },
      { step: RegistrationStep.Profile, label: 'Employee Profile', guard: (c) => this.profileMissing(c) },
      { step: RegistrationStep.Dependents, label: 'Dependents', guard: (c) => this.dependentsMissing(c) },
      { step: RegistrationStep.Enrollments, label: 'Benefits Enrollment', guard: (c) => this.plansMissing(c) },
      { step: RegistrationStep.Beneficiaries, label: 'Beneficiaries', guard: (c) => this.beneficiaries.totalsIssues(c.user.employeeId, c.user.clientId) },
      { step: RegistrationStep.AdditionalInfo, label: 'Additional Information', guard: async (c) => (await this.forms.issues(c.user)).map((i) => i.message) },
      { step: RegistrationStep.Signature, label: 'Signature', guard: (c) => this.signatureMissing(c) },
      { step: RegistrationStep.Finished, label: 'Summary' },
    ];
    this.model = new StepModel(steps);
  }

  /** PUT /me {step}: 409 with what is missing when the step cannot be recorded. */
  async record(user: AuthUser, requested: number): Promise<void> {
    if (user.accountId === null || user.employeeId === null) throw new NotFoundException();
    const progress = await this.progressOf(user.accountId, user.clientId);
    const current = progress.registration_step;
    try {
      if (current === RegistrationStep.Finished && REGISTRATION_REOPEN_STEPS.includes(requested)) {
        if (!canChangeElections({ newHire: progress.new_hire ?? false, openEnrollmentEndDate: progress.oe_end })) {
          throw new StepConflict([ProgressMessages.reopenClosed]);
        }
        await this.dataSource.query(`UPDATE account SET registration_step = $2, registration_reopened_at = now() WHERE id = $1`, [user.accountId, requested]);
        return;
      }
      const step = await this.model.complete(current as Step, requested as Step, {
        user: { ...user, employeeId: user.employeeId },
        reopenedAt: progress.registration_reopened_at,
      });
      // Only from the step read above: two tabs racing cannot both move it.
      const [, moved] = (await this.dataSource.query(`UPDATE account SET registration_step = $3 WHERE id = $1 AND registration_step = $2`, [
        user.accountId,
        current,
        step,
      ])) as [unknown, number];
      if (moved !== 1) throw new StepConflict(['The registration moved on in another window: reload the page']);
    } catch (err) {
      if (err instanceof StepConflict) throw new ConflictException({ statusCode: 409, message: err.messages.join('. '), errors: err.messages.map((message) => ({ path: 'step', message })) });
      throw err;
    }
  }

  private async progressOf(accountId: number, clientId: number): Promise<AccountProgress> {
    const rows: AccountProgress[] = await this.dataSource.query(
      `SELECT a.registration_step, a.registration_reopened_at, e.new_hire,
              (SELECT to_char(p.end_date, 'MM/DD/YYYY') FROM open_enrollment_period p WHERE p.client_id = $2 AND p.is_current LIMIT 1) AS oe_end
         FROM account a LEFT JOIN employee e ON e.account_id = a.id AND e.client_id = $2
        WHERE a.id = $1`,
      [accountId, clientId],
    );
    if (!rows[0]) throw new NotFoundException();
    return rows[0];
  }

  private async profileMissing(c: ProgressContext): Promise<string[]> {
    const profile = await this.profiles.get(c.user);
    const parsed = ZEmployeeProfileRequest.safeParse(profile);
    if (parsed.success) return [];
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'profile')))];
    return [ProgressMessages.profileIncomplete(fields.join(', '))];
  }

  private async dependentsMissing(c: ProgressContext): Promise<string[]> {
    const names = incompleteDependentNames(await this.dependents.list(c.user));
    return names.length === 0 ? [] : [ProgressMessages.dependentsIncomplete(names.join(', '))];
  }

  private async plansMissing(c: ProgressContext): Promise<string[]> {
    const open = (await this.enrollments.list(c.user)).filter((e) => !isDecided(e));
    return open.length === 0 ? [] : [ProgressMessages.plansUndecided(open.map((e) => e.planType).join(', '))];
  }

  /** A signature recorded before the last reopening signed other elections: it does not count. */
  private async signatureMissing(c: ProgressContext): Promise<string[]> {
    const signed = await this.signatures.latestRow(undefined, c.user.employeeId, c.user.clientId);
    const current = signed !== null && (c.reopenedAt === null || signed.signedAt.getTime() >= c.reopenedAt.getTime());
    return current ? [] : [FormMessages.signatureMissing];
  }
}
