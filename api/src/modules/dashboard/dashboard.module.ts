import { Module } from '@nestjs/common';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({ imports: [BeneficiariesModule, EnrollmentsModule], controllers: [DashboardController], providers: [DashboardService], exports: [DashboardService] })
export class DashboardModule {}
