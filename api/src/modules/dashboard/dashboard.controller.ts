import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import {
  ZCarrierLinkList,
  ZDashboardPage,
  ZEnrollmentIssueList,
  ZPlanEnrollmentSummaryList,
  type CarrierLinkRow,
  type DashboardPage,
  type EnrollmentIssue,
  type PlanEnrollmentSummary,
} from '../../contracts/dashboard';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { DashboardService } from './dashboard.service';
import { ElectionViewQueryDto } from '../enrollments/election-view.dto';

class SummaryListDto extends createZodDto(ZPlanEnrollmentSummaryList) {}
class EnrollmentIssueListDto extends createZodDto(ZEnrollmentIssueList) {}
class CarrierLinkListDto extends createZodDto(ZCarrierLinkList) {}
class DashboardPageDto extends createZodDto(ZDashboardPage) {}

/** The Summary step (8) and the dashboard's side panels; the Benefits Snapshot reads GET /enrollments. */
@ApiTags('dashboard')
@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard')
  @Access('self:employee')
  @ApiOkResponse({ type: DashboardPageDto, description: 'GET /summary?view=signed, GET /tasks and GET /carrier-links in one answer' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "The signed-in employee's dashboard in one call: elections in force, what still needs doing, carrier links" })
  async page(): Promise<DashboardPage> {
    const employeeId = await this.dashboard.employeeOf();
    // One after another: the request's statements share its context; the point is one request, not parallel SQL.
    const summary = await this.dashboard.summary(employeeId, 'signed');
    const tasks = await this.dashboard.tasks(employeeId);
    const carrierLinks = await this.dashboard.carrierLinks(employeeId);
    return { summary, tasks, carrierLinks };
  }

  @Get('summary')
  @Access('self:employee')
  @ApiOkResponse({ type: SummaryListDto, description: "Decided elections of the current period: status '1' for 'Plans You Elected', '-1'/'-2' for 'Plans You Declined'" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The signed-in employee\'s elections, elected and declined' })
  async summary(@Query() query: ElectionViewQueryDto): Promise<PlanEnrollmentSummary[]> {
    return this.dashboard.summary(await this.dashboard.employeeOf(), query.view);
  }

  @Get('employees/:id/summary')
  @Access('employees:read')
  @ApiOkResponse({ type: SummaryListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'An employee\'s elections (census)' })
  async employeeSummary(@Param('id', EmployeeIdPipe) id: number): Promise<PlanEnrollmentSummary[]> {
    return this.dashboard.summary(await this.dashboard.employeeOf(id));
  }

  @Get('tasks')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentIssueListDto, description: 'Enrollment issues: label and the file to open (or null)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'What still needs doing in the enrollment' })
  async tasks(): Promise<EnrollmentIssue[]> {
    return this.dashboard.tasks(await this.dashboard.employeeOf());
  }

  @Get('employees/:id/tasks')
  @Access('employees:read')
  @ApiOkResponse({ type: EnrollmentIssueListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'What an employee still needs to do (census)' })
  async employeeTasks(@Param('id', EmployeeIdPipe) id: number): Promise<EnrollmentIssue[]> {
    return this.dashboard.tasks(await this.dashboard.employeeOf(id));
  }

  @Get('carrier-links')
  @Access('self:employee')
  @ApiOkResponse({ type: CarrierLinkListDto, description: 'Per enrolled medical, dental or vision plan: planTypeId and its directories' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Carrier links of the enrolled plans' })
  async carrierLinks(): Promise<CarrierLinkRow[]> {
    return this.dashboard.carrierLinks(await this.dashboard.employeeOf());
  }
}
