import { Foundation1763776800000 } from './1763776800000-Foundation';
import { AccountTokenAttempts1764100000000 } from './1764100000000-AccountTokenAttempts';
import { Dependents1764200000000 } from './1764200000000-Dependents';
import { PlansEnrollments1764300000000 } from './1764300000000-PlansEnrollments';
import { BeneficiariesFormsSignatures1764400000000 } from './1764400000000-BeneficiariesFormsSignatures';
import { RegistrationReopened1764500000000 } from './1764500000000-RegistrationReopened';
import { ElectionChangeSets1764600000000 } from './1764600000000-ElectionChangeSets';
import { BeneficiaryTaxId1764700000000 } from './1764700000000-BeneficiaryTaxId';
import { Onboarding1764800000000 } from './1764800000000-Onboarding';
import { OnboardingDocuments1764900000000 } from './1764900000000-OnboardingDocuments';
import { AuditLogIndexes1765000000000 } from './1765000000000-AuditLogIndexes';
import { CensusActions1765100000000 } from './1765100000000-CensusActions';
import { CensusSearch1765200000000 } from './1765200000000-CensusSearch';
import { EnrollmentWindow1765300000000 } from './1765300000000-EnrollmentWindow';
import { OpenEnrollmentManagement1765400000000 } from './1765400000000-OpenEnrollmentManagement';
import { Reports1765500000000 } from './1765500000000-Reports';
import { DashboardExports1765600000000 } from './1765600000000-DashboardExports';
import { Communications1765700000000 } from './1765700000000-Communications';
import { LifeEvents1765800000000 } from './1765800000000-LifeEvents';

/** Every migration in order; listed explicitly so compiled JS and ts (jest) runs load the same set. */
export const MIGRATIONS = [Foundation1763776800000, AccountTokenAttempts1764100000000, Dependents1764200000000, PlansEnrollments1764300000000, BeneficiariesFormsSignatures1764400000000, RegistrationReopened1764500000000, ElectionChangeSets1764600000000, BeneficiaryTaxId1764700000000, Onboarding1764800000000, OnboardingDocuments1764900000000, AuditLogIndexes1765000000000, CensusActions1765100000000, CensusSearch1765200000000, EnrollmentWindow1765300000000, OpenEnrollmentManagement1765400000000, Reports1765500000000, DashboardExports1765600000000, Communications1765700000000, LifeEvents1765800000000];
