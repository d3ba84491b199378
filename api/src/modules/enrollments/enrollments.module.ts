import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { EmployeeEnrollmentsController, EnrollmentsController } from './enrollments.controller';
import { EnrollmentsService } from './enrollments.service';
import { ElectionDrafts } from './election-drafts.service';

@Module({ imports: [PlansModule], controllers: [EnrollmentsController, EmployeeEnrollmentsController], providers: [EnrollmentsService, ElectionDrafts], exports: [EnrollmentsService, ElectionDrafts] })
export class EnrollmentsModule {}
