import { Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ZQueueDashboardTicket, type QueueDashboardTicket } from '../../contracts/queue-dashboard';
import { Access } from '../../core/auth/access.decorator';
import { createZodDto } from '../../core/http/zod-dto';
import { DASHBOARD_PATH, DashboardSessions } from './dashboard-sessions';

class TicketDto extends createZodDto(ZQueueDashboardTicket) {}

/** The site's way into the queue dashboard (bull-board itself is mounted on Fastify: QueueDashboard). */
@ApiTags('queue-dashboard')
@Controller('queue-dashboard')
export class QueueDashboardController {
  constructor(private readonly sessions: DashboardSessions) {}

  @Post('ticket')
  @HttpCode(200)
  @Access('queues:manage')
  @ApiOkResponse({ type: TicketDto })
  @ApiOperation({ summary: 'A one-time ticket (60 s) for the queue dashboard: its entry address carries it, exchanged at once for a cookie' })
  async ticket(@Headers('authorization') authorization: string): Promise<QueueDashboardTicket> {
    const ticket = await this.sessions.ticketFor(authorization.replace(/^Bearer\s+/i, ''));
    return { ticket, url: `${DASHBOARD_PATH}/?ticket=${ticket}` };
  }
}
