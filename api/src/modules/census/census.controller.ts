import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ZCensusEmployee,
  ZEmployeeUpdate,
  ZNewEmployee,
  ZNewEmployeeResponse,
  ZTerminationRequest,
  ZTerminationResponse,
  ZTerminationReview,
  ZTerminationReviewQuery,
  type CensusEmployee,
  type NewEmployeeResponse,
  type TerminationResponse,
  type TerminationReview,
} from '../../contracts/employees';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { signaturePngOf } from '../forms/signature-png';
import { CensusAddService } from './census-add.service';
import { CensusEditService } from './census-edit.service';
import { CensusRecordsService } from './census-records.service';
import { CensusTerminationService } from './census-termination.service';

class CensusEmployeeDto extends createZodDto(ZCensusEmployee) {}
class NewEmployeeDto extends createZodDto(ZNewEmployee) {}
class NewEmployeeResponseDto extends createZodDto(ZNewEmployeeResponse) {}
class EmployeeUpdateDto extends createZodDto(ZEmployeeUpdate) {}
class TerminationRequestDto extends createZodDto(ZTerminationRequest) {}
class TerminationResponseDto extends createZodDto(ZTerminationResponse) {}
class TerminationReviewQueryDto extends createZodDto(ZTerminationReviewQuery) {}
class TerminationReviewDto extends createZodDto(ZTerminationReview) {}

/** The census's writes (Census): add, edit and terminate an employee of the open client. */
@ApiTags('census')
@Controller()
export class CensusController {
  constructor(
    private readonly records: CensusRecordsService,
    private readonly adding: CensusAddService,
    private readonly editing: CensusEditService,
    private readonly termination: CensusTerminationService,
  ) {}

  @Post('employees')
  @Access('employees:update')
  @ApiCreatedResponse({ type: NewEmployeeResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Field messages in errors[]' })
  @ApiOperation({ summary: 'Add an employee (sendEmail queues the welcome email with the registration link)' })
  create(@Body() body: NewEmployeeDto): Promise<NewEmployeeResponse> {
    return this.adding.create(body);
  }

  @Get('employees/:id/employee')
  @Access('employees:read')
  @ApiOkResponse({ type: CensusEmployeeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'An employee as the census edits it (SSN masked, income never)' })
  employee(@Param('id', EmployeeIdPipe) id: number): Promise<CensusEmployee> {
    return this.records.employee(id);
  }

  @Put('employees/:id')
  @Access('employees:update')
  @ApiOkResponse({ type: CensusEmployeeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Field messages in errors[]' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Edit an employee' })
  update(@Param('id', EmployeeIdPipe) id: number, @Body() body: EmployeeUpdateDto): Promise<CensusEmployee> {
    return this.editing.update(id, body);
  }

  @Get('employees/:id/termination-review')
  @Access('employees:update')
  @ApiOkResponse({ type: TerminationReviewDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Never for oneself' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Only an active employee' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'What a termination would change (sign-in, coverage of each current election, COBRA, the notice email), changing nothing' })
  terminationReview(@Param('id', EmployeeIdPipe) id: number, @Query() query: TerminationReviewQueryDto): Promise<TerminationReview> {
    return this.termination.review(id, query);
  }

  @Put('employees/:id/terminate')
  @Access('employees:update')
  @ApiOkResponse({ type: TerminationResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Never for oneself' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Only an active employee' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Terminate an employee (COBRA election, coverage to the end of the month, an action for the carriers)' })
  terminate(@Param('id', EmployeeIdPipe) id: number, @Body() body: TerminationRequestDto): Promise<TerminationResponse> {
    return this.termination.terminate(id, body, signaturePngOf(body));
  }
}
