import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlanCatalogMessages, ZCatalog, ZCatalogPlan, ZPlanEdit, type CatalogPlan, type DraftPeriod } from '../../contracts/plan-catalog';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { PlanCatalogService } from './plan-catalog.service';

class CatalogDto extends createZodDto(ZCatalog) {}
class CatalogPlanDto extends createZodDto(ZCatalogPlan) {}
class PlanEditDto extends createZodDto(ZPlanEdit) {}
const CatalogPlanIdPipe = idPipe(PlanCatalogMessages.planNotFound);

/** The agent's plan list and plan form for the open client (plans edited one by one). */
@ApiTags('plans')
@Controller('plan-catalog')
export class PlanCatalogController {
  constructor(private readonly catalog: PlanCatalogService) {}

  @Get()
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: CatalogDto })
  @ApiOperation({ summary: 'The plans of the period waiting to start (else the current one), with rates and employer shares' })
  list(): Promise<{ period: DraftPeriod | null; plans: CatalogPlan[] }> {
    return this.catalog.list();
  }

  @Get(':id')
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: CatalogPlanDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One plan as the agent edits it' })
  one(@Param('id', CatalogPlanIdPipe) id: number): Promise<CatalogPlan> {
    return this.catalog.one(id);
  }

  @Put(':id')
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: CatalogPlanDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Its period has started, or the name is taken' })
  @ApiOperation({ summary: "Edit one plan: names, eligibility (waiting period, work hours, dependent age), the employer's shares and its rates (all of them, replacing the plan's)" })
  update(@Param('id', CatalogPlanIdPipe) id: number, @Body() body: PlanEditDto): Promise<CatalogPlan> {
    return this.catalog.update(id, body);
  }
}
