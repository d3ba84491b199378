import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CustomField, type Plan, type PlanCoverage, type PlanLimits } from '../../contracts/plans';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { CustomFieldsDto, PLAN_LIMITS_SCHEMA, PlanCoverageDto, PlanDto, PlanIdPipe } from './plans.controller';
import { PlansService } from './plans.service';

/**
 * The HR variants of the plan calls (GET /plans-hr/{id}/{employee} and the -hr coverages and custom
 * calls): the census's Enrollments tab opens the same Plan Summary the employee sees, priced for that
 * employee of the acting client. Another client's employee, or a plan not offered to them, answers 404.
 */
@ApiTags('plans')
@Controller('plans-hr')
export class PlansHrController {
  constructor(private readonly plans: PlansService) {}

  @Get(':id/:employee')
  @Access('employees:read')
  @ApiOkResponse({ type: PlanDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One plan as an employee of the open client sees it (census)' })
  one(@Param('id', PlanIdPipe) id: number, @Param('employee', EmployeeIdPipe) employee: number): Promise<Plan> {
    return this.plans.one(id, employee);
  }

  @Get(':id/:employee/coverages')
  @Access('employees:read')
  @ApiOkResponse({ type: PlanCoverageDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "The employee's current coverage amounts in the plan's type (census)" })
  coverages(@Param('id', PlanIdPipe) id: number, @Param('employee', EmployeeIdPipe) employee: number): Promise<PlanCoverage> {
    return this.plans.coverages(id, employee);
  }

  @Get(':id/:employee/coverage')
  @Access('employees:read')
  @ApiOkResponse({ type: PlanCoverageDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'What the plan provides, for an employee of the open client (census)' })
  coverage(@Param('id', PlanIdPipe) id: number, @Param('employee', EmployeeIdPipe) employee: number): Promise<PlanCoverage> {
    return this.plans.coverage(id, employee);
  }

  @Get(':id/:employee/limits')
  @Access('employees:read')
  @ApiOkResponse({ schema: PLAN_LIMITS_SCHEMA })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The contribution limits of an FSA or HSA plan for an employee of the open client (census)' })
  limits(@Param('id', PlanIdPipe) id: number, @Param('employee', EmployeeIdPipe) employee: number): Promise<PlanLimits> {
    return this.plans.limits(id, undefined, employee);
  }

  @Get(':id/:employee/custom')
  @Access('employees:read')
  @ApiOkResponse({ type: CustomFieldsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "A plan's custom fields (census)" })
  custom(@Param('id', PlanIdPipe) id: number, @Param('employee', EmployeeIdPipe) employee: number): Promise<CustomField[]> {
    return this.plans.custom(id, employee);
  }
}
