import { Module } from '@nestjs/common';
import { DashboardSessions } from './dashboard-sessions';
import { QueueDashboard } from './queue-dashboard';
import { QueueDashboardController } from './queue-dashboard.controller';

/** bull-board for platform administrators ('queues:manage'), its changes audited. */
@Module({ controllers: [QueueDashboardController], providers: [DashboardSessions, QueueDashboard] })
export class QueueDashboardModule {}
