import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { StatusDashboardModule } from '../status-dashboard/status-dashboard.module';
import { DashboardExportsController, ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({ imports: [FilesModule, StatusDashboardModule], controllers: [ReportsController, DashboardExportsController], providers: [ReportsService], exports: [ReportsService] })
export class ReportsModule {}
