import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { EnrollmentsController } from './enrollments.controller';
import { EnrollmentsService } from './enrollments.service';

@Module({ imports: [PlansModule], controllers: [EnrollmentsController], providers: [EnrollmentsService], exports: [EnrollmentsService] })
export class EnrollmentsModule {}
