import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ActionsModule } from '../actions/actions.module';
import { EmployeesModule } from '../employees/employees.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { OptionsModule } from '../options/options.module';
import { OnboardingController } from './onboarding.controller';
import { OnboardingDocumentsService } from './onboarding-documents.service';
import { OnboardingFormsService } from './onboarding-forms.service';
import { OnboardingProgressService } from './onboarding-progress.service';
import { PayrollService } from './payroll.service';

/** New-hire onboarding: progress, I-9, W-4, EEO, payroll with the bank lookup, and the onboarding signature. */
@Module({
  imports: [AccountsModule, ActionsModule, EmployeesModule, EnrollmentsModule, FilesModule, OptionsModule],
  controllers: [OnboardingController],
  providers: [OnboardingProgressService, OnboardingFormsService, PayrollService, OnboardingDocumentsService],
  exports: [OnboardingFormsService, PayrollService],
})
export class OnboardingModule {}
