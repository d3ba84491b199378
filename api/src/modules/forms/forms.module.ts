import { Module } from '@nestjs/common';
import { ActionsModule } from '../actions/actions.module';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module';
import { DashboardModule } from '../dashboard/dashboard.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { EnrollmentConfirmationService } from './enrollment-confirmation.service';
import { EnrollmentSummaryService } from './enrollment-summary.service';
import { FormQuestionsService } from './form-questions.service';
import { FormsController } from './forms.controller';
import { SignatureService } from './signature.service';

@Module({
  imports: [ActionsModule, BeneficiariesModule, DashboardModule, EnrollmentsModule, FilesModule],
  controllers: [FormsController],
  providers: [FormQuestionsService, SignatureService, EnrollmentSummaryService, EnrollmentConfirmationService],
  exports: [FormQuestionsService, SignatureService, EnrollmentSummaryService, EnrollmentConfirmationService],
})
export class FormsModule {}
