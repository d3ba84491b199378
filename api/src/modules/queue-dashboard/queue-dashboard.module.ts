import { Module } from '@nestjs/common';
import { DashboardSessions } from './dashboard-sessions';
import { QueueDashboard } from './queue-dashboard';
import { QueueDashboardController } from './queue-dashboard.controller';

/** Issue 32 item 2: bull-board for platform administrators ('queues:manage'), its changes audited. */
@Module({ controllers: [QueueDashboardController], providers: [DashboardSessions, QueueDashboard] })
export class QueueDashboardModule {}
