import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { StatusDashboardController } from './status-dashboard.controller';
import { StatusDashboardService } from './status-dashboard.service';

// Communications sends "Remind the unfinished" (it owns the campaign tables and their workers).
@Module({ imports: [CommunicationsModule], controllers: [StatusDashboardController], providers: [StatusDashboardService], exports: [StatusDashboardService] })
export class StatusDashboardModule {}
