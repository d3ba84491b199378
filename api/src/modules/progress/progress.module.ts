import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module';
import { DependentsModule } from '../dependents/dependents.module';
import { EmployeesModule } from '../employees/employees.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FormsModule } from '../forms/forms.module';
import { RegistrationProgressService } from './registration-progress.service';

/** Server-owned wizard progress: what every step needs before the next one (registration now, onboarding next). */
@Module({
  imports: [AccountsModule, EmployeesModule, DependentsModule, EnrollmentsModule, BeneficiariesModule, FormsModule],
  providers: [RegistrationProgressService],
  exports: [RegistrationProgressService],
})
export class ProgressModule {}
