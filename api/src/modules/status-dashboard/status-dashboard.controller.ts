import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StatusDashboardMessages, ZDashboard, ZDashboardPeriodList, type Dashboard } from '../../contracts/status-dashboard';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { StatusDashboardService } from './status-dashboard.service';

class DashboardPeriodListDto extends createZodDto(ZDashboardPeriodList) {}
class DashboardDto extends createZodDto(ZDashboard) {}
const PeriodIdPipe = idPipe(StatusDashboardMessages.noInformation);

/** The Status Dashboard's calls (document 3 sections 2.4 and 7). */
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

  @Get(':id')
  @Access('status:read')
  @ApiOkResponse({ type: DashboardDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Each employee's completion, signature and plan-type statuses for a period" })
  dashboard(@Param('id', PeriodIdPipe) id: number): Promise<Dashboard> {
    return this.dashboards.dashboard(id);
  }
}
