import { AuditEntry } from '../audit/audit-entry.entity';
import { EmailMessage } from '../mail/email-message.entity';
import { Account } from '../../modules/accounts/account.entity';
import { AccountToken } from '../../modules/accounts/account-token.entity';
import { BeneficiaryEntity } from '../../modules/beneficiaries/beneficiary.entity';
import { DependentEntity } from '../../modules/dependents/dependent.entity';
import { Employee } from '../../modules/employees/employee.entity';
import { Enrollment } from '../../modules/enrollments/enrollment.entity';
import { StoredFile } from '../../modules/files/stored-file.entity';
import { FormAnswerEntity, FormQuestionEntity, FormQuestionOptionEntity, SignatureEntity } from '../../modules/forms/form.entities';
import { OpenEnrollmentPeriod } from '../../modules/open-enrollment/open-enrollment-period.entity';
import { OptionItemEntity } from '../../modules/options/option-item.entity';
import { Plan, PlanRate } from '../../modules/plans/plan.entity';
import { Agency } from '../../modules/tenancy/agency.entity';
import { Client } from '../../modules/tenancy/client.entity';

/** Every entity, listed once for the API, the workers, migrations and tests. */
export const ENTITIES = [Agency, Client, Account, AccountToken, Employee, DependentEntity, OptionItemEntity, OpenEnrollmentPeriod, EmailMessage, AuditEntry, StoredFile, Plan, PlanRate, Enrollment,
  BeneficiaryEntity, FormQuestionEntity, FormQuestionOptionEntity, FormAnswerEntity, SignatureEntity];
