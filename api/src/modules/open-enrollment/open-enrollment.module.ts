import { Module } from '@nestjs/common';
import { OpenEnrollmentService } from './open-enrollment.service';

@Module({ providers: [OpenEnrollmentService], exports: [OpenEnrollmentService] })
export class OpenEnrollmentModule {}
