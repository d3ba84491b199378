import { Module } from '@nestjs/common';
import { OpenEnrollmentController } from './open-enrollment.controller';
import { OpenEnrollmentService } from './open-enrollment.service';

@Module({ controllers: [OpenEnrollmentController], providers: [OpenEnrollmentService], exports: [OpenEnrollmentService] })
export class OpenEnrollmentModule {}
