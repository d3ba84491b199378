import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { PlansModule } from '../plans/plans.module';
import { OpenEnrollmentController } from './open-enrollment.controller';
import { OpenEnrollmentCloseService } from './open-enrollment-close.service';
import { OpenEnrollmentService } from './open-enrollment.service';

@Module({ imports: [EnrollmentsModule, CommunicationsModule, PlansModule], controllers: [OpenEnrollmentController], providers: [OpenEnrollmentService, OpenEnrollmentCloseService], exports: [OpenEnrollmentService] })
export class OpenEnrollmentModule {}
