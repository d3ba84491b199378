import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ZSendEmailsResponse, type SendEmailsResponse } from '../../contracts/communications';
import {
  StatusDashboardMessages,
  ZDashboard,
  ZDashboardPeriodList,
  ZDashboardQuery,
  ZReminderPreview,
  ZUnfinishedCount,
  type Dashboard,
  type ReminderPreview,
  type UnfinishedCount,
} from '../../contracts/status-dashboard';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { StatusDashboardService } from './status-dashboard.service';

class DashboardPeriodListDto extends createZodDto(ZDashboardPeriodList) {}
class DashboardDto extends createZodDto(ZDashboard) {}
class DashboardQueryDto extends createZodDto(ZDashboardQuery) {}
class UnfinishedCountDto extends createZodDto(ZUnfinishedCount) {}
class ReminderPreviewDto extends createZodDto(ZReminderPreview) {}
class ReminderSentDto extends createZodDto(ZSendEmailsResponse) {}
const PeriodIdPipe = idPipe(StatusDashboardMessages.noInformation);

/** The Status Dashboard's calls. */
@ApiTags('status-dashboard')
@Controller('dashboards')
export class StatusDashboardController {
  constructor(private readonly dashboards: StatusDashboardService) {}

  @Get()
  @Access('status:read')
  @ApiOkResponse({ type: DashboardPeriodListDto })
  @ApiOperation({ summary: "The client's open-enrollment periods ('1' marks the current one)" })
  periods(): Promise<Array<{ id: number; title: string; current: '0' | '1' }>> {
    return this.dashboards.periods();
  }

  @Get(':id/unfinished')
  @Access('status:read')
  @ApiOkResponse({ type: UnfinishedCountDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'How many employees of the period have not finished (completion below 100% or a signature due), asked before Close OE now' })
  unfinished(@Param('id', PeriodIdPipe) id: number): Promise<UnfinishedCount> {
    return this.dashboards.unfinished(id);
  }

  @Get(':id/reminder')
  @Access('communications:send')
  @ApiOkResponse({ type: ReminderPreviewDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The period is not running (not started, closed or not the current one)' })
  @ApiOperation({ summary: '"Remind the unfinished" before it is sent: the reminder email as sent, and exactly the unfinished employees it goes to' })
  reminderPreview(@Param('id', PeriodIdPipe) id: number): Promise<ReminderPreview> {
    return this.dashboards.reminderPreview(id);
  }

  @Post(':id/reminder')
  @HttpCode(200)
  @Access('communications:send')
  @ApiOkResponse({ type: ReminderSentDto, description: 'The reminder campaign (new, or the one still sending: alreadyRunning)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The period is not running, or everyone has finished' })
  @ApiOperation({ summary: 'Remind the unfinished: an Enrollment Reminder campaign, sent by the workers, to the employees of the period who have not finished' })
  remind(@Param('id', PeriodIdPipe) id: number): Promise<SendEmailsResponse> {
    return this.dashboards.remind(id);
  }

  @Get(':id')
  @Access('status:read')
  @ApiOkResponse({ type: DashboardDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Each employee's completion (of the plan types they can take), state, what is missing, signature and plan-type statuses for a period, with totals per state; filtered by state and name" })
  dashboard(@Param('id', PeriodIdPipe) id: number, @Query() query: DashboardQueryDto): Promise<Dashboard> {
    return this.dashboards.dashboard(id, query);
  }
}
