import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { PlansModule } from '../plans/plans.module';
import { OpenEnrollmentController } from './open-enrollment.controller';
import { OpenEnrollmentService } from './open-enrollment.service';

@Module({ imports: [EnrollmentsModule, CommunicationsModule, PlansModule], controllers: [OpenEnrollmentController], providers: [OpenEnrollmentService], exports: [OpenEnrollmentService] })
export class OpenEnrollmentModule {}
