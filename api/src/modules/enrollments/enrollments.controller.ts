import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { EnrollmentMessages, ZElectionDraft, ZEnrollment, ZEnrollmentList, ZEnrollmentUpdate, type ElectionDraft, type Enrollment } from '../../contracts/enrollments';
import { RequestContext } from '../../core/context/request-context';
import { Access } from '../../core/auth/access.decorator';
import { idPipe } from '../../core/http/id.pipe';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { ElectionDrafts } from './election-drafts.service';
import { ElectionViewQueryDto } from './election-view.dto';
import { EnrollmentsService } from './enrollments.service';

class EnrollmentDto extends createZodDto(ZEnrollment) {}
class EnrollmentListDto extends createZodDto(ZEnrollmentList) {}
class EnrollmentUpdateDto extends createZodDto(ZEnrollmentUpdate) {}
class ElectionDraftDto extends createZodDto(ZElectionDraft) {}

const EnrollmentIdPipe = idPipe(EnrollmentMessages.enrollmentNotFound);

/** The token's employee's elections in the current open-enrollment period. */
@ApiTags('enrollments')
@Controller('enrollments')
export class EnrollmentsController {
  constructor(
    private readonly enrollments: EnrollmentsService,
    private readonly drafts: ElectionDrafts,
    private readonly context: RequestContext,
  ) {}

  @Get()
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentListDto })
  @ApiOperation({ summary: "One election per plan type offered in the current period; view=signed answers what is in force, without the unsigned changes" })
  list(@Query() query: ElectionViewQueryDto): Promise<Enrollment[]> {
    return this.enrollments.list(this.context.ownEmployeeId(), query.view);
  }

  @Get('draft')
  @Access('self:employee')
  @ApiOkResponse({ type: ElectionDraftDto })
  @ApiOperation({ summary: 'Whether unsigned changes to the elections exist (after Modify Selections) and which plan types they change' })
  draft(): Promise<ElectionDraft> {
    return this.drafts.status(this.context.ownEmployeeId());
  }

  @Delete('draft')
  @Access('self:employee')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'There are no unsigned changes' })
  @ApiOperation({ summary: "'Cancel changes': discards the unsigned changes; the signed elections stay in force" })
  async cancelDraft(): Promise<{ success: boolean }> {
    await this.drafts.cancel(this.context.ownEmployeeId());
    return { success: true };
  }

  @Get(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One election' })
  one(@Param('id', EnrollmentIdPipe) id: number): Promise<Enrollment> {
    return this.enrollments.one(id);
  }

  @Put(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A rule of the enrollment dialog, with its message' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Outside the enrollment window (open enrollment, a new-hire window)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Enroll in, waive or decline a plan type' })
  update(@Param('id', EnrollmentIdPipe) id: number, @Body() body: EnrollmentUpdateDto): Promise<Enrollment> {
    return this.enrollments.update(id, body);
  }
}

/** The census's Plan Summary prices a plan for the employee's own elections (tier, FSA and HSA amounts). */
@ApiTags('enrollments')
@Controller('employees')
export class EmployeeEnrollmentsController {
  constructor(private readonly enrollments: EnrollmentsService) {}

  @Get(':id/enrollments')
  @Access('employees:read')
  @ApiOkResponse({ type: EnrollmentListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "An employee's signed elections in the current period (census)" })
  list(@Param('id', EmployeeIdPipe) id: number): Promise<Enrollment[]> {
    return this.enrollments.listFor(id);
  }
}
