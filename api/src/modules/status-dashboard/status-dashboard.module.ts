import { Module } from '@nestjs/common';
import { StatusDashboardController } from './status-dashboard.controller';
import { StatusDashboardService } from './status-dashboard.service';

@Module({ controllers: [StatusDashboardController], providers: [StatusDashboardService], exports: [StatusDashboardService] })
export class StatusDashboardModule {}
