import { Injectable } from '@nestjs/common';
import { RegistrationStep } from '../../contracts/auth';
import { FormMessages } from '../../contracts/forms';
import type { AuthUser } from '../../core/auth/auth-user';
import { fieldErrors } from '../../core/http/field-errors';
import { BeneficiariesService } from '../beneficiaries/beneficiaries.service';
import { FormQuestionsService } from './form-questions.service';
import { SignatureService } from './signature.service';

/**
 * The wizard saves a step once it is complete (PUT /me): the API refuses to record steps 5 to 7 as done
 * while their rules fail, so a client that skips the site's disabled Next cannot finish registration
 * with invalid beneficiary totals, a missing required answer, or no signature.
 */
@Injectable()
export class RegistrationStepChecks {
  constructor(
    private readonly beneficiaries: BeneficiariesService,
    private readonly forms: FormQuestionsService,
    private readonly signatures: SignatureService,
  ) {}

  async assertComplete(user: AuthUser, step: number): Promise<void> {
    if (user.employeeId === null) return;
    if (step === RegistrationStep.Beneficiaries) {
      const errors = await this.beneficiaries.totalsIssues(user.employeeId, user.clientId);
      if (errors.length > 0) throw fieldErrors(errors.map((message) => ({ path: 'beneficiaries', message })));
    } else if (step === RegistrationStep.AdditionalInfo) {
      const issues = await this.forms.issues(user);
      if (issues.length > 0) throw fieldErrors(issues);
    } else if (step === RegistrationStep.Signature) {
      const signed = await this.signatures.latestRow(undefined, user.employeeId, user.clientId);
      if (!signed) throw fieldErrors([{ path: 'signature', message: FormMessages.signatureMissing }]);
    }
  }
}
