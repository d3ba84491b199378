import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PlansModule } from '../plans/plans.module';
import { EmployeeEnrollmentsController, EnrollmentsController } from './enrollments.controller';
import { EnrollmentsService } from './enrollments.service';
import { ElectionChoiceService } from './election-choice.service';
import { ElectionDrafts } from './election-drafts.service';
import { EnrollmentWindowService } from './enrollment-window.service';

@Module({ imports: [AccountsModule, PlansModule], controllers: [EnrollmentsController, EmployeeEnrollmentsController], providers: [EnrollmentsService, ElectionChoiceService, ElectionDrafts, EnrollmentWindowService], exports: [EnrollmentsService, ElectionDrafts, EnrollmentWindowService] })
export class EnrollmentsModule {}
