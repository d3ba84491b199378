import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OpenEnrollmentMessages, ZOpenEnrollmentCheck, ZOpenEnrollmentData, ZOpenEnrollmentRequest, ZPrepareOpenEnrollmentRequest, type OpenEnrollmentCheck, type OpenEnrollmentData } from '../../contracts/open-enrollment';
import { idPipe } from '../../core/http/id.pipe';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { OpenEnrollmentService } from './open-enrollment.service';

class OpenEnrollmentDataDto extends createZodDto(ZOpenEnrollmentData) {}
class OpenEnrollmentRequestDto extends createZodDto(ZOpenEnrollmentRequest) {}
class OpenEnrollmentCheckDto extends createZodDto(ZOpenEnrollmentCheck) {}
class PrepareOpenEnrollmentRequestDto extends createZodDto(ZPrepareOpenEnrollmentRequest) {}
const PlanIdPipe = idPipe(OpenEnrollmentMessages.periodFetchFailed);

/** The Open Enrollment dialog's calls. */
@ApiTags('open-enrollment')
@Controller('openEnrollment')
export class OpenEnrollmentController {
  constructor(private readonly openEnrollment: OpenEnrollmentService) {}

  @Get()
  @Access('status:read')
  @ApiOkResponse({ type: OpenEnrollmentDataDto })
  @ApiOperation({ summary: "The client's open-enrollment setting and periods (state, plans, reopen window)" })
  data(): Promise<OpenEnrollmentData> {
    return this.openEnrollment.data();
  }

  @Post()
  @HttpCode(200)
  @Access('open-enrollment:manage')
  @ApiOkResponse({ type: OpenEnrollmentDataDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Field is required' for the last day; a last day before today" })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The client does not let its HR manage open enrollment (allowHrOe)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not possible in the period state (plans locked while active, reopen after 30 days)' })
  @ApiOperation({ summary: 'Start, change the last day, close now or reopen an open-enrollment period' })
  change(@Body() body: OpenEnrollmentRequestDto): Promise<OpenEnrollmentData> {
    return this.openEnrollment.change(body);
  }

  @Post('prepare')
  @HttpCode(200)
  @Access('open-enrollment:manage')
  @ApiOkResponse({ type: OpenEnrollmentDataDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The client does not let its HR manage open enrollment (allowHrOe)' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A period is already Ready to Start, or the current period has no plans to renew' })
  @ApiOperation({ summary: "Prepare the next plan year: a period Ready to Start with the current period's plans renewed a year later" })
  prepare(@Body() _body: PrepareOpenEnrollmentRequestDto): Promise<OpenEnrollmentData> {
    return this.openEnrollment.prepare();
  }

  @Get('check/:id')
  @Access('status:read')
  @ApiOkResponse({ type: OpenEnrollmentCheckDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'As-is renewal: employees still enrolled in the plan this plan replaces, not carried over yet' })
  check(@Param('id', PlanIdPipe) id: number): Promise<OpenEnrollmentCheck> {
    return this.openEnrollment.check(id);
  }

  @Put('fix/:id')
  @Access('open-enrollment:manage')
  @ApiOkResponse({ type: OpenEnrollmentCheckDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "As-is renewal: carry the replaced plan's members over (tier, cost, dependents)" })
  fix(@Param('id', PlanIdPipe) id: number): Promise<OpenEnrollmentCheck> {
    return this.openEnrollment.fix(id);
  }
}
