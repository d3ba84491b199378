import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { createZodDto } from '../../core/http/zod-dto';
import { z } from 'zod';
import { PlanMessages, ZContributionQuery, ZContributionResponse, ZCustomFields, ZPlan, ZPlanCoverage, ZPlanList, ZPlanListQuery, type ContributionResponse, type CustomField, type Plan, type PlanCoverage, type PlanLimits, type Tier, ZPlanLimits } from '../../contracts/plans';
import { Access } from '../../core/auth/access.decorator';
import { idPipe } from '../../core/http/id.pipe';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { PlansService } from './plans.service';

export class PlanDto extends createZodDto(ZPlan) {}
class PlanListDto extends createZodDto(ZPlanList) {}
class PlanListQueryDto extends createZodDto(ZPlanListQuery) {}
class ContributionQueryDto extends createZodDto(ZContributionQuery) {}
class ContributionResponseDto extends createZodDto(ZContributionResponse) {}
export class PlanCoverageDto extends createZodDto(ZPlanCoverage) {}
export class CustomFieldsDto extends createZodDto(ZCustomFields) {}
// A union, which a DTO class cannot be: its schema goes in as JSON Schema (OpenAPI 3.0 dialect).
export const PLAN_LIMITS_SCHEMA = z.toJSONSchema(ZPlanLimits, { target: 'openapi-3.0' }) as SchemaObject;

export const PlanIdPipe = idPipe(PlanMessages.planNotFound);

/** The plan catalogue of the token's employee (current open-enrollment period), priced for them. */
@ApiTags('plans')
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @Access('self:employee')
  @ApiOkResponse({ type: PlanListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A dependent in ?dependents= is not the employee\'s' })
  @ApiOperation({ summary: 'The plans offered to the signed-in employee, each priced at the tier ?dependents= (or the household ?tier=) makes in it' })
  list(@Query() query: PlanListQueryDto): Promise<Plan[]> {
    const dependents = query.dependents === undefined ? undefined : query.dependents === '' ? [] : query.dependents;
    return this.plans.list(query.type, query.includeCurrent === '1' || query.includeCurrent === 'true', { dependents, household: query.tier as Tier | undefined });
  }

  @Get(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: PlanDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One plan' })
  one(@Param('id', PlanIdPipe) id: number): Promise<Plan> {
    return this.plans.one(id);
  }

  /** ?dependents=1,2&tier=&enrollment_status= ; voluntary life: ?employee=&spouse=&child= (amounts). */
  @Get(':id/contributions')
  @Access('self:employee')
  @ApiOkResponse({ type: ContributionResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Cost per paycheck of a plan for a set of dependents' })
  contributions(@Param('id', PlanIdPipe) id: number, @Query() query: ContributionQueryDto): Promise<ContributionResponse> {
    return this.plans.contributions(id, query);
  }

  @Get(':id/coverages')
  @Access('self:employee')
  @ApiOkResponse({ type: PlanCoverageDto, description: "The employee's current coverage amounts in this plan's type" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The coverage tiers of a plan with their costs' })
  coverages(@Param('id', PlanIdPipe) id: number): Promise<PlanCoverage> {
    return this.plans.coverages(id);
  }

  @Get(':id/coverage')
  @Access('self:employee')
  @ApiOkResponse({ type: PlanCoverageDto, description: 'What the plan provides (plan summary coverage rows)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The coverage amounts a life or disability plan offers' })
  coverage(@Param('id', PlanIdPipe) id: number): Promise<PlanCoverage> {
    return this.plans.coverage(id);
  }

  /** HSA, voluntary life or FSA limits; voluntary life takes ?employee= to size the spouse and child maxima. */
  @Get(':id/limits')
  @Access('self:employee')
  @ApiQuery({ name: 'employee', required: false })
  @ApiOkResponse({ schema: PLAN_LIMITS_SCHEMA, description: 'By kind: hsa, voluntaryLife, fsa or none' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The contribution limits of an FSA or HSA plan' })
  limits(@Param('id', PlanIdPipe) id: number, @Query('employee') employee?: string): Promise<PlanLimits> {
    return this.plans.limits(id, typeof employee === 'string' ? employee : undefined);
  }

  @Get(':id/custom')
  @Access('self:employee')
  @ApiOkResponse({ type: CustomFieldsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'A plan\'s custom fields' })
  custom(@Param('id', PlanIdPipe) id: number): Promise<CustomField[]> {
    return this.plans.custom(id);
  }
}
